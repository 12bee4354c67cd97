// Why: a server's tools say what they accept as JSON Schema (the SDKs write it from zod 3 or 4:
// enums, const, bounds, lengths, patterns, formats, $defs/$ref, anyOf/oneOf/allOf, nullable
// types). This translates such a schema into a fast-check arbitrary, so the values are
// deterministic from a seed and shrink the way fast-check shrinks (integers toward the lower
// bound, strings toward the shortest, optional members away). Values lean small and typical: the
// schema's `default` and `examples` first, numbers near the lower bound, short strings and arrays,
// so a read-only tool that takes a count or a duration is not asked to run for hours. The
// translation is an approximation where JSON Schema is richer than a generator (not, if/then,
// dependent keywords, minProperties); the caller checks each value with ajv before it is sent.
// The schema comes from a peer: its size, depth and pattern strings are bounded here.
import fc from 'fast-check';
import { formatArbitrary } from './format-arbitrary.ts';

/** A schema the generator cannot produce values for, and why. */
export interface Unsupported {
  readonly unsupported: string;
}

/** What translating one schema gives: an arbitrary, or why there is none. */
export type Translated = fc.Arbitrary<unknown> | Unsupported;

/** How deep schemas nest (and $ref chains go) before a member is left out as too deep. */
const MAX_DEPTH = 12;
/** How many schema nodes one translation visits at most. */
const MAX_NODES = 4000;
/** The longest `pattern` the generator compiles. */
const MAX_PATTERN_CHARS = 512;
/** How far above the lower bound numbers go (with no upper bound, and under a farther one). */
const NEAR = 10;
/** The longest string and array generated beyond their minimum. */
const STRING_SPAN = 12;
const ARRAY_SPAN = 3;

type Schema = Readonly<Record<string, unknown>>;

interface Walk {
  readonly root: Schema;
  nodes: number;
}

/** Whether a translation failed. */
export function isUnsupported(t: Translated | Unsupported): t is Unsupported {
  return typeof t === 'object' && t !== null && 'unsupported' in t && typeof (t as Unsupported).unsupported === 'string';
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Resolves a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, any JSON Pointer into the root). */
function resolveRef(ref: string, root: Schema): Schema | boolean | undefined {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  const pointer = decodeURIComponent(ref.slice(1));
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isSchema(at) && Object.hasOwn(at, key)) at = at[key];
    else return undefined;
  }
  return isSchema(at) || typeof at === 'boolean' ? at : undefined;
}

const MIN_KEYS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const MAX_KEYS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

/** Folds `allOf` members (and a schema's own keywords) into one schema: properties and required joined, bounds tightened, the first of anything else. */
function mergeAll(parts: readonly Schema[]): Schema {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'allOf') continue;
      const had = out[key];
      if (had === undefined) out[key] = value;
      else if (key === 'properties' && isSchema(had) && isSchema(value)) {
        const props: Record<string, unknown> = { ...had };
        for (const [name, sub] of Object.entries(value)) props[name] = Object.hasOwn(props, name) ? { allOf: [props[name], sub] } : sub;
        out[key] = props;
      } else if (key === 'required' && Array.isArray(had) && Array.isArray(value)) out[key] = [...new Set([...had, ...value])];
      else if ((MIN_KEYS as readonly string[]).includes(key) && num(had) !== undefined && num(value) !== undefined) out[key] = Math.max(had as number, value as number);
      else if ((MAX_KEYS as readonly string[]).includes(key) && num(had) !== undefined && num(value) !== undefined) out[key] = Math.min(had as number, value as number);
      else if (key === 'type' && had !== value) {
        const a = Array.isArray(had) ? had : [had];
        const b = Array.isArray(value) ? value : [value];
        const both = a.filter((t) => b.includes(t) || (t === 'integer' && b.includes('number')));
        const widened = b.filter((t) => t === 'integer' && a.includes('number'));
        out[key] = [...new Set([...both, ...widened])];
      } else if (key === 'additionalProperties' && value === false) out[key] = false;
    }
  }
  return out;
}

/** The types a schema admits: its `type`, or what its keywords imply, or undefined for any. */
function typesOf(schema: Schema): readonly string[] | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  if (isSchema(schema['properties']) || Array.isArray(schema['required']) || schema['additionalProperties'] !== undefined) return ['object'];
  if (schema['items'] !== undefined || schema['prefixItems'] !== undefined || schema['minItems'] !== undefined) return ['array'];
  if (schema['minLength'] !== undefined || schema['maxLength'] !== undefined || schema['pattern'] !== undefined || schema['format'] !== undefined) return ['string'];
  if (schema['minimum'] !== undefined || schema['maximum'] !== undefined || schema['exclusiveMinimum'] !== undefined || schema['exclusiveMaximum'] !== undefined || schema['multipleOf'] !== undefined) return ['number'];
  return undefined;
}

/** A small JSON value of any type, for a schema that says nothing. */
const ANY_SMALL: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: 0, max: NEAR }),
  fc.boolean(),
  fc.constant(null),
);

/** A number schema's bounds: each bound and whether it is exclusive (draft-04's boolean exclusives too). */
interface Bounds {
  readonly lo: number | undefined;
  readonly hi: number | undefined;
  readonly loOpen: boolean;
  readonly hiOpen: boolean;
}

function bounds(schema: Schema): Bounds {
  let lo = num(schema['minimum']);
  let hi = num(schema['maximum']);
  let loOpen = false;
  let hiOpen = false;
  const exMin = schema['exclusiveMinimum'];
  const exMax = schema['exclusiveMaximum'];
  if (exMin === true) loOpen = lo !== undefined;
  else if (num(exMin) !== undefined && (lo === undefined || (exMin as number) >= lo)) [lo, loOpen] = [exMin as number, true];
  if (exMax === true) hiOpen = hi !== undefined;
  else if (num(exMax) !== undefined && (hi === undefined || (exMax as number) <= hi)) [hi, hiOpen] = [exMax as number, true];
  return { lo, hi, loOpen, hiOpen };
}

/** The integer bounds inside number bounds. */
function integerBounds(b: Bounds): { lo: number | undefined; hi: number | undefined } {
  return {
    lo: b.lo === undefined ? undefined : b.loOpen ? Math.floor(b.lo) + 1 : Math.ceil(b.lo),
    hi: b.hi === undefined ? undefined : b.hiOpen ? Math.ceil(b.hi) - 1 : Math.floor(b.hi),
  };
}

/** Integers from `lo` to at most NEAR above it; fast-check shrinks them toward the bound nearest zero (the lower bound when it is not negative). */
function integerNear(lo: number | undefined, hi: number | undefined): fc.Arbitrary<number> | Unsupported {
  const start = lo ?? (hi !== undefined && hi < 0 ? hi - NEAR : 0);
  const end = Math.min(hi ?? Infinity, start + NEAR);
  if (start > end) return { unsupported: `no integer lies between ${start} and ${hi ?? end}` };
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { unsupported: 'integer bounds beyond the safe integers' };
  return fc.integer({ min: start, max: end });
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> | Unsupported {
  const b = bounds(schema);
  const whole = integerBounds(b);
  const multipleOf = num(schema['multipleOf']);
  if (multipleOf !== undefined && multipleOf > 0) {
    const k = integerNear(whole.lo === undefined ? undefined : Math.ceil(whole.lo / multipleOf), whole.hi === undefined ? undefined : Math.floor(whole.hi / multipleOf));
    return isUnsupported(k) ? k : k.map((n) => Number((n * multipleOf).toPrecision(12)));
  }
  const integral = integerNear(whole.lo, whole.hi);
  if (integer) return integral;
  // Numbers: whole numbers mostly (typical for counts and durations), tenths sometimes.
  const start = b.lo ?? (b.hi !== undefined && b.hi < 0 ? b.hi - NEAR : 0);
  const end = Math.min(b.hi ?? start + NEAR, start + NEAR);
  if (start > end || (start === end && (b.loOpen || b.hiOpen))) return isUnsupported(integral) ? { unsupported: `no number lies between ${start} and ${end}` } : integral;
  const tenths = Math.floor((end - start) * 10);
  const first = b.loOpen && start === b.lo ? 1 : 0;
  const last = b.hiOpen && end === b.hi && start + tenths / 10 >= end ? tenths - 1 : tenths;
  if (first > last) return integral;
  const fraction = fc.integer({ min: first, max: last }).map((k) => Math.round((start + k / 10) * 1e9) / 1e9);
  return isUnsupported(integral) ? fraction : fc.oneof({ arbitrary: integral, weight: 3 }, { arbitrary: fraction, weight: 1 });
}

/** Whether a pattern nests a quantifier inside a quantified group, the shape that backtracks catastrophically. */
export function isBacktrackingPattern(pattern: string): boolean {
  return /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/.test(pattern);
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> | Unsupported {
  const minLength = Math.max(0, Math.floor(num(schema['minLength']) ?? 0));
  const maxLength = Math.min(Math.floor(num(schema['maxLength']) ?? Infinity), minLength + STRING_SPAN);
  if (maxLength < minLength) return { unsupported: `maxLength ${maxLength} is below minLength ${minLength}` };
  // A known format is typical and the patterns zod writes beside formats agree with it; ajv checks both.
  const format = typeof schema['format'] === 'string' ? formatArbitrary(schema['format']) : undefined;
  if (format !== undefined) return format;
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') {
    if (pattern.length > MAX_PATTERN_CHARS) return { unsupported: `pattern longer than ${MAX_PATTERN_CHARS} characters` };
    if (isBacktrackingPattern(pattern)) return { unsupported: 'pattern nests quantifiers (it may backtrack catastrophically)' };
    let regex: RegExp;
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      return { unsupported: 'pattern is not a regular expression JavaScript compiles' };
    }
    try {
      // No maxLength here: fast-check would filter for it without end when the pattern needs more;
      // a string of the wrong length is refused by ajv and drawn again.
      return fc.stringMatching(regex, { size: 'xsmall' });
    } catch {
      return { unsupported: 'pattern uses a construct the generator cannot invert (a lookaround or back-reference)' };
    }
  }
  return fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789') });
}

function arrayArbitrary(schema: Schema, walk: Walk, depth: number): Translated {
  const minItems = Math.max(0, Math.floor(num(schema['minItems']) ?? 0));
  const maxItems = Math.min(Math.floor(num(schema['maxItems']) ?? Infinity), minItems + ARRAY_SPAN);
  if (maxItems < minItems) return { unsupported: `maxItems ${maxItems} is below minItems ${minItems}` };
  const prefix = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : Array.isArray(schema['items']) ? schema['items'] : undefined;
  const rest = prefix !== undefined && Array.isArray(schema['items']) ? schema['additionalItems'] : schema['items'];
  if (prefix !== undefined) {
    const heads = prefix.slice(0, Math.max(minItems, prefix.length)).map((s) => translate(s, walk, depth + 1));
    const bad = heads.find(isUnsupported);
    if (bad !== undefined) return bad;
    return fc.tuple(...(heads as fc.Arbitrary<unknown>[]));
  }
  const item = rest === undefined || rest === true ? ANY_SMALL : translate(rest, walk, depth + 1);
  if (isUnsupported(item)) return minItems === 0 ? fc.constant([]) : item;
  if (schema['uniqueItems'] === true) return fc.uniqueArray(item, { minLength: minItems, maxLength: maxItems, selector: (v) => JSON.stringify(v) });
  return fc.array(item, { minLength: minItems, maxLength: maxItems });
}

function objectArbitrary(schema: Schema, walk: Walk, depth: number): Translated {
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : [];
  const extra = schema['additionalProperties'];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties)) {
    if (sub === false) continue;
    const arb = translate(sub, walk, depth + 1);
    if (isUnsupported(arb)) {
      if (required.includes(name)) return { unsupported: `/${name}: ${arb.unsupported}` };
      continue;
    }
    model[name] = arb;
  }
  for (const name of required) {
    if (Object.hasOwn(model, name)) continue;
    if (Object.hasOwn(properties, name)) return { unsupported: `/${name} is required but admits no value` };
    const arb = isSchema(extra) ? translate(extra, walk, depth + 1) : extra === false ? { unsupported: `/${name} is required but additionalProperties is false` } : ANY_SMALL;
    if (isUnsupported(arb)) return arb;
    model[name] = arb;
  }
  return fc.record(model, { requiredKeys: required.filter((r) => Object.hasOwn(model, r)), noNullPrototype: true });
}

function typed(type: string, schema: Schema, walk: Walk, depth: number): Translated {
  switch (type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return numberArbitrary(schema, true);
    case 'number': return numberArbitrary(schema, false);
    case 'string': return stringArbitrary(schema);
    case 'array': return arrayArbitrary(schema, walk, depth);
    case 'object': return objectArbitrary(schema, walk, depth);
    default: return { unsupported: `type ${JSON.stringify(type).slice(0, 40)} is not a JSON Schema type` };
  }
}

/** Arbitraries of several branches, the first first (fast-check's oneof favours and shrinks toward it); branches that cannot be generated are dropped. */
function branches(list: readonly unknown[], base: Schema, walk: Walk, depth: number): Translated {
  const arbs: fc.Arbitrary<unknown>[] = [];
  let why: Unsupported | undefined;
  for (const branch of list) {
    const merged = isSchema(branch) ? mergeAll([base, branch]) : branch;
    const arb = translate(merged, walk, depth + 1);
    if (isUnsupported(arb)) why ??= arb;
    else arbs.push(arb);
  }
  if (arbs.length === 0) return why ?? { unsupported: 'no branch admits a value' };
  return arbs.length === 1 ? (arbs[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbs);
}

/** Translates one (sub)schema; `depth` counts nesting and $ref hops. */
export function translate(input: unknown, walk: Walk, depth = 0): Translated {
  walk.nodes += 1;
  if (walk.nodes > MAX_NODES) return { unsupported: `the schema has more than ${MAX_NODES} subschemas` };
  if (depth > MAX_DEPTH) return { unsupported: `the schema nests deeper than ${MAX_DEPTH} levels` };
  if (input === true) return ANY_SMALL;
  if (input === false) return { unsupported: 'the schema is false and admits no value' };
  if (!isSchema(input)) return { unsupported: 'a subschema is neither an object nor a boolean' };
  let schema: Schema = input;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = resolveRef(ref, walk.root);
    if (target === undefined) return { unsupported: `$ref ${ref.slice(0, 80)} does not resolve inside the schema` };
    const { $ref: _ref, ...rest } = schema;
    return translate(Object.keys(rest).length === 0 ? target : isSchema(target) ? { allOf: [rest, target] } : target, walk, depth + 1);
  }
  if (Array.isArray(schema['allOf'])) {
    const parts: Schema[] = [schema];
    for (const part of schema['allOf']) {
      let resolved: unknown = part;
      for (let hops = 0; isSchema(resolved) && typeof resolved['$ref'] === 'string' && hops < MAX_DEPTH; hops += 1) {
        const { $ref, ...rest } = resolved;
        const target = resolveRef($ref as string, walk.root);
        resolved = isSchema(target) ? mergeAll([rest, target]) : target;
      }
      if (resolved === false) return { unsupported: 'an allOf member is false' };
      if (isSchema(resolved)) parts.push(resolved);
    }
    schema = mergeAll(parts);
  }
  const generated = generate(schema, walk, depth);
  if (isUnsupported(generated)) return generated;
  // A default or an example is the typical value; the generated ones keep fuzz (and shrinking) honest.
  const typical = [schema['default'], ...(Array.isArray(schema['examples']) ? schema['examples'] : [])].filter((v) => v !== undefined);
  if (typical.length === 0 || 'const' in schema || Array.isArray(schema['enum'])) return generated;
  return fc.oneof({ arbitrary: fc.constantFrom(...typical), weight: 2 }, { arbitrary: generated, weight: 3 });
}

function generate(schema: Schema, walk: Walk, depth: number): Translated {
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) {
    if (schema['enum'].length === 0) return { unsupported: 'enum is empty' };
    return fc.constantFrom(...schema['enum']);
  }
  const { anyOf, oneOf, ...base } = schema;
  if (Array.isArray(anyOf)) return branches(anyOf, base, walk, depth);
  if (Array.isArray(oneOf)) return branches(oneOf, base, walk, depth);
  const types = typesOf(schema);
  if (types === undefined) return ANY_SMALL;
  if (types.length === 0) return { unsupported: 'type lists no type' };
  // Non-null types first: a nullable member is mostly given a value, and shrinks toward one.
  const ordered = [...types.filter((t) => t !== 'null'), ...types.filter((t) => t === 'null')];
  const arbs: fc.Arbitrary<unknown>[] = [];
  let why: Unsupported | undefined;
  for (const type of ordered) {
    const arb = typed(type, schema, walk, depth);
    if (isUnsupported(arb)) why ??= arb;
    else arbs.push(arb);
  }
  if (arbs.length === 0) return why ?? { unsupported: 'no type admits a value' };
  return arbs.length === 1 ? (arbs[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbs);
}

/** Translates a whole schema (the root a `$ref` resolves against). */
export function schemaArbitrary(schema: unknown): Translated {
  if (!isSchema(schema) && typeof schema !== 'boolean') return { unsupported: 'the schema is neither an object nor a boolean' };
  const walk: Walk = { root: isSchema(schema) ? schema : {}, nodes: 0 };
  const translated = translate(schema, walk);
  // Past the bound members were left out as they came; the whole schema is then too large, not a smaller one.
  return walk.nodes > MAX_NODES ? { unsupported: `the schema has more than ${MAX_NODES} subschemas` } : translated;
}
