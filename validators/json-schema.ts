// Why: in the specification profiles a tool's inputSchema and outputSchema are JSON Schema, and
// servers emit what their libraries generate (zod's $defs/$ref, anyOf with null, record() as an
// additionalProperties schema, formats, const). A hand-written subset refuses valid schemas, so
// these profiles judge schemas and instances with ajv, in the dialect the schema names ($schema:
// 2020-12 by default, 2019-09 and draft-07 too). The schemas come from servers and are untrusted:
// their size is bounded before ajv sees them, each compiled validator is cached by the schema's
// text (bounded), and nothing here throws: a schema ajv cannot compile is a finding with a pointer.
// Regular expressions (pattern, patternProperties) run on a linear-time engine (safe-pattern.ts),
// never on RegExp: a pattern it cannot run is reported (toolschema/pattern-unsupported) and not
// run. ajv keeps what it compiled (its own cache and code scope) for the life of its instance, so
// each instance compiles a bounded number of schemas and is then replaced.
import { createRequire } from 'node:module';
import type { Ajv, AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import type { JsonObject } from './context.ts';
import { compileSafePattern, safePatternTest } from './safe-pattern.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { finding } from './rules/report.ts';
import type { RuleSpec } from './rules/rule.ts';
import { ruleById } from './rules/index.ts';

/** The largest tool schema compiled, in characters of its JSON text. */
export const MAX_SCHEMA_CHARS = 256 * 1024;
/** How many compiled validators are kept (the oldest is dropped first). */
const MAX_CACHED = 256;
/**
 * How many characters of schema text the kept validators were compiled from: a compiled schema
 * takes some twenty times its text in memory, so the cache is bounded in characters too.
 */
const MAX_CACHED_CHARS = 1024 * 1024;
/**
 * How many schemas, and characters of them, one ajv instance compiles before it is replaced: ajv
 * keeps everything it compiled (its cache, the code scope's values) for the life of the instance.
 */
const COMPILES_PER_ENGINE = 256;
const CHARS_PER_ENGINE = 128 * 1024;
/** How many instance errors are reported for one value. */
const MAX_ERRORS = 16;

type Dialect = '2020-12' | '2019-09' | 'draft-07';

type AjvClass = new (options: object) => Ajv;

/**
 * Loads ajv when a schema is first judged, not when the validators load: a run that meets no tool
 * schema of a specification profile (the course profile, most fixtures) never pays for it. In the
 * bundle `require` is the module's own; from the sources it is made for this file.
 */
function loadAjv(): { readonly classes: Record<Dialect, AjvClass>; readonly addFormats: (ajv: Ajv) => Ajv } {
  const load = typeof require === 'function' ? require : createRequire(import.meta.url);
  const draft07 = (load('ajv') as { Ajv: AjvClass }).Ajv;
  const v2019 = (load('ajv/dist/2019.js') as { Ajv2019: AjvClass }).Ajv2019;
  const v2020 = (load('ajv/dist/2020.js') as { Ajv2020: AjvClass }).Ajv2020;
  const formats = load('ajv-formats') as { default?: (ajv: Ajv) => Ajv } & ((ajv: Ajv) => Ajv);
  return { classes: { '2020-12': v2020, '2019-09': v2019, 'draft-07': draft07 }, addFormats: formats.default ?? formats };
}

let ajvModules: ReturnType<typeof loadAjv> | undefined;

/** A meta-schema's validator as ajv's standalone generator writes it: true or false, its errors on itself. */
type MetaValidate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The meta-schema validators the build generated (scripts/json-schema-meta.mjs), by dialect, with
 * the `$id` ajv knows each by; undefined from the sources, where ajv compiles them when first asked.
 */
function loadMetaValidators(): Partial<Record<Dialect, { readonly id: string; readonly validate: MetaValidate }>> {
  try {
    return typeof require === 'function' ? require('mcp-statechart-json-schema-meta') : {};
  } catch {
    return {};
  }
}

let metaValidators: ReturnType<typeof loadMetaValidators> | undefined;

/**
 * The generated validator of a schema's meta-schema, when the schema names that one as ajv would
 * find it (no `$schema`, or the meta-schema's `$id`): any other `$schema` is for ajv to resolve.
 */
function generatedMeta(dialect: Dialect, schema: Record<string, unknown>): MetaValidate | undefined {
  metaValidators ??= loadMetaValidators();
  const meta = metaValidators[dialect];
  if (meta === undefined) return undefined;
  const named = schema['$schema'];
  return named === undefined || named === meta.id || named === `${meta.id}#` ? meta.validate : undefined;
}

/** ajv's options (the build generates the meta-schema checks with the same: scripts/json-schema-meta.mjs). */
export const AJV_OPTIONS = { strict: false, allErrors: true, validateFormats: true, unicodeRegExp: true, inlineRefs: true, logger: false } as const;

/**
 * ajv's `code.regExp`: every pattern of a schema on the linear-time engine, never on RegExp; one
 * it cannot run accepts every value. ajv keeps one pattern per `toString()`, so each says its source.
 */
const safeRegExp = Object.assign((pattern: string) => {
  // The compiled program (some 15 KB) is looked up at each test, not held: ajv keeps what this
  // returns for the life of its instance, safe-pattern.ts keeps the programs in a bounded cache.
  if (!compileSafePattern(pattern).ok) return { test: () => true, toString: () => `not run: /${pattern}/u` };
  return { test: (value: string) => safePatternTest(pattern, value) ?? true, toString: () => `/${pattern}/u` };
}, { code: 'safeRegExp' });

function makeAjv(dialect: Dialect): Ajv {
  ajvModules ??= loadAjv();
  // Each schema is checked against its meta-schema before it is compiled (compileFresh), so compile
  // does not check it again.
  const ajv = new ajvModules.classes[dialect]({ ...AJV_OPTIONS, validateSchema: false, code: { regExp: safeRegExp } });
  ajvModules.addFormats(ajv);
  return ajv;
}

const engines = new Map<Dialect, { readonly ajv: Ajv; compiles: number; chars: number }>();
/** The instance of a dialect to compile the next schema of `chars` characters with (a fresh one past its share). */
function engine(dialect: Dialect, chars: number): Ajv {
  let entry = engines.get(dialect);
  if (entry === undefined || entry.compiles >= COMPILES_PER_ENGINE || entry.chars + chars > CHARS_PER_ENGINE) {
    entry = { ajv: makeAjv(dialect), compiles: 0, chars: 0 };
    engines.set(dialect, entry);
  }
  entry.compiles++;
  entry.chars += chars;
  return entry.ajv;
}

/** Members whose values are data, not schemas: a `pattern` in them is no keyword. */
const DATA_MEMBERS: ReadonlySet<string> = new Set(['const', 'enum', 'default', 'examples']);

/** The patterns of a schema the linear-time engine cannot run, each a warning at its place. */
function unsupportedPatterns(schema: unknown, at: string, out: Finding[]): void {
  if (out.length >= MAX_ERRORS || typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) {
    schema.forEach((item, i) => unsupportedPatterns(item, `${at}/${i}`, out));
    return;
  }
  const record = schema as Record<string, unknown>;
  const report = (pattern: string, where: string): void => {
    const compiled = compileSafePattern(pattern);
    if (!compiled.ok && out.length < MAX_ERRORS) {
      out.push(finding(ruleById('toolschema/pattern-unsupported'), where,
        `tool schema: the pattern ${JSON.stringify(pattern.slice(0, 120))} is not run (the checker's linear-time engine cannot: ${compiled.reason}); values are not checked against it`));
    }
  };
  for (const [key, value] of Object.entries(record)) {
    if (DATA_MEMBERS.has(key)) continue;
    if (key === 'pattern' && typeof value === 'string') report(value, pointerJoin(at, key));
    else if (key === 'patternProperties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [name, sub] of Object.entries(value)) {
        report(name, pointerJoin(pointerJoin(at, key), name));
        unsupportedPatterns(sub, pointerJoin(pointerJoin(at, key), name), out);
      }
    } else unsupportedPatterns(value, pointerJoin(at, key), out);
  }
}

/**
 * Whether ajv can run here: it compiles schemas to functions, which a runtime that refuses code
 * generation from strings (node --disallow-code-generation-from-strings) does not allow. Without
 * it, callers fall back to the executed subset.
 */
export const JSON_SCHEMA_AVAILABLE: boolean = (() => {
  try {
    return (new Function('return true') as () => boolean)();
  } catch {
    return false;
  }
})();

/** The dialect a schema's `$schema` names; undefined for one not known (a finding). */
export function dialectOf(schema: JsonObject): Dialect | undefined {
  const named = schema['$schema'];
  if (named === undefined) return '2020-12';
  if (typeof named !== 'string') return undefined;
  const uri = named.replace(/#$/, '').replace(/^http:/, 'https:');
  if (uri === 'https://json-schema.org/draft/2020-12/schema') return '2020-12';
  if (uri === 'https://json-schema.org/draft/2019-09/schema') return '2019-09';
  if (uri === 'https://json-schema.org/draft-07/schema') return 'draft-07';
  return undefined;
}

/** A compiled schema (validate undefined when it did not compile) and the findings about it. */
interface Compiled {
  readonly validate: ValidateFunction | undefined;
  readonly findings: readonly Finding[];
}

const cache = new Map<string, Compiled>();
let cachedChars = 0;
/**
 * The text of a schema object already seen. A tool's schema is one parsed object checked against
 * every call's arguments and result: serialising it on each call was most of the cost of a cache
 * hit (and a fresh string is hashed again on every lookup; this one keeps its hash). Parsed
 * messages are never mutated, so an object's text does not change; the entry lives as long as the
 * schema object does, and the compiled cache above stays the one bound.
 */
const texts = new WeakMap<JsonObject, string>();

/** Compiles a schema once (cached by its text); every failure is findings placed under `at`. */
function compile(schema: JsonObject, at: string): Compiled {
  let text = texts.get(schema);
  if (text === undefined) {
    try {
      text = JSON.stringify(schema);
    } catch {
      return { validate: undefined, findings: [finding(ruleById('toolschema/json-schema-invalid'), at, 'Invalid tool schema: Expected JSON but received a value that cannot be serialized')] };
    }
    texts.set(schema, text);
  }
  if (text.length > MAX_SCHEMA_CHARS) {
    return { validate: undefined, findings: [finding(ruleById('toolschema/json-schema-too-large'), at, `Invalid tool schema: Expected at most ${MAX_SCHEMA_CHARS} characters of JSON but received ${text.length}; it was not compiled`)] };
  }
  const cached = cache.get(text);
  if (cached !== undefined) return relocate(cached, at);
  const compiled = compileFresh(schema, text);
  while (cache.size > 0 && (cache.size >= MAX_CACHED || cachedChars + text.length > MAX_CACHED_CHARS)) {
    const oldest = cache.keys().next().value as string;
    cache.delete(oldest);
    cachedChars -= oldest.length;
  }
  cache.set(text, compiled);
  cachedChars += text.length;
  return relocate(compiled, at);
}

/** Findings are cached with pointers relative to the schema; this places them under `at`. */
function relocate(compiled: Compiled, at: string): Compiled {
  if (compiled.findings.length === 0) return compiled;
  return { validate: compiled.validate, findings: compiled.findings.map((f) => ({ ...f, pointer: at + f.pointer })) };
}

function compileFresh(schema: JsonObject, text: string): Compiled {
  const named = dialectOf(schema);
  // A $schema naming no known dialect is a note; the schema is then read as the default dialect.
  const notes = named !== undefined ? [] : [finding(ruleById('toolschema/dialect-unknown'), '/$schema',
    `tool schema: $schema ${JSON.stringify(schema['$schema']).slice(0, 120)} names no dialect the checker knows (2020-12, 2019-09, draft-07); it is read as JSON Schema 2020-12`)];
  const dialect = named ?? '2020-12';
  const ajv = engine(dialect, text.length);
  const copy = JSON.parse(text) as Record<string, unknown>;
  // A server's $id must not clash with another server's schema in the shared engine.
  delete copy['$id'];
  if (named === undefined) delete copy['$schema'];
  try {
    const meta = generatedMeta(dialect, copy);
    const valid = meta === undefined ? ajv.validateSchema(copy as AnySchema) : meta(copy);
    if (!valid) {
      // The meta-schema reports one mistake under several of its branches: one finding per place, the shallowest first.
      const seen = new Set<string>();
      const errors = ((meta === undefined ? ajv.errors : meta.errors) ?? []).filter((e) => {
        const place = e.instancePath.replace(/\/\d+$/, '');
        if (seen.has(place)) return false;
        seen.add(place);
        return true;
      }).slice(0, MAX_ERRORS);
      return { validate: undefined, findings: [...notes, ...errors.map((e) => finding(ruleById('toolschema/json-schema-invalid'), e.instancePath.replace(/\/\d+$/, ''), `Invalid tool schema (JSON Schema ${dialect}): ${e.instancePath || '/'} ${e.message ?? 'is invalid'}`))] };
    }
    const validate = ajv.compile(copy as AnySchema);
    const unsupported: Finding[] = [];
    unsupportedPatterns(copy, '', unsupported);
    return { validate, findings: [...notes, ...unsupported] };
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(0, 200) : 'it cannot be compiled';
    return { validate: undefined, findings: [...notes, finding(ruleById('toolschema/json-schema-invalid'), '', `Invalid tool schema (JSON Schema ${dialect}): ${why}`)] };
  }
}

/** Validates a tool schema as JSON Schema of its dialect: findings (none when it compiles). */
export function validateJsonSchema(schema: JsonObject, at: string): readonly Finding[] {
  return compile(schema, at).findings;
}

/** The instance rule an ajv error keyword breaks (the subset's rules, where one fits). */
const INSTANCE_RULES: Readonly<Record<string, RuleSpec>> = {
  type: ruleById('toolschema/instance-type'),
  required: ruleById('toolschema/instance-required'),
  enum: ruleById('toolschema/instance-enum'),
  minimum: ruleById('toolschema/instance-minimum'),
  exclusiveMinimum: ruleById('toolschema/instance-minimum'),
  maximum: ruleById('toolschema/instance-maximum'),
  exclusiveMaximum: ruleById('toolschema/instance-maximum'),
  minLength: ruleById('toolschema/instance-min-length'),
  maxLength: ruleById('toolschema/instance-max-length'),
  minItems: ruleById('toolschema/instance-min-items'),
  maxItems: ruleById('toolschema/instance-max-items'),
  additionalProperties: ruleById('toolschema/instance-unknown-property'),
};

function instanceFinding(e: ErrorObject, at: string): Finding {
  const rule = INSTANCE_RULES[e.keyword] ?? ruleById('toolschema/instance-invalid');
  const where = e.keyword === 'required' ? pointerJoin(at + e.instancePath, String((e.params as { missingProperty?: unknown }).missingProperty ?? ''))
    : e.keyword === 'additionalProperties' ? pointerJoin(at + e.instancePath, String((e.params as { additionalProperty?: unknown }).additionalProperty ?? ''))
      : at + e.instancePath;
  return finding(rule, where, `Invalid value: ${e.instancePath || '/'} ${e.message ?? 'does not match the schema'} (schema ${e.schemaPath})`);
}

/** Checks a value against a tool schema with ajv; a schema that does not compile was reported on the descriptor, so it checks nothing here. */
export function validateJsonInstance(schema: JsonObject, value: unknown, at: string): readonly Finding[] {
  const validate = compile(schema, '').validate;
  if (validate === undefined) return [];
  try {
    if (validate(value)) return [];
  } catch {
    return [];
  }
  return (validate.errors ?? []).slice(0, MAX_ERRORS).map((e) => instanceFinding(e, at));
}
