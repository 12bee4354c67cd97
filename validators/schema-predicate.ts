import * as v from 'valibot';

/**
 * A valibot schema compiled into a plain predicate for the hot path: it walks the schema's own
 * definition (its type, entries, options and pipe) once and returns a function that answers
 * "would this schema accept the value?" without building output objects or issues. Any node it
 * does not know is asked of valibot itself, so the predicate agrees with `v.is` by construction
 * and valibot stays the single source of truth. Callers run `safeParse` only when the predicate
 * says no, to get the issues. A property test holds the predicate equal to `v.is` on random
 * schemas and values.
 */
export type SchemaPredicate = (value: unknown) => boolean;

/** A schema node as valibot builds it; only the members read here. */
interface Node {
  readonly kind: string;
  readonly type: string;
  readonly async?: boolean;
  readonly pipe?: readonly Node[];
  readonly entries?: Readonly<Record<string, Node>>;
  readonly options?: readonly unknown[];
  readonly wrapped?: Node;
  readonly default?: unknown;
  readonly fallback?: unknown;
  readonly item?: Node;
  readonly key?: Node;
  readonly value?: Node;
  readonly literal?: unknown;
  readonly requirement?: unknown;
  readonly check?: (value: unknown) => boolean;
}

const compiled = new WeakMap<object, SchemaPredicate>();
const CONFIG = { abortEarly: true } as const;

/**
 * Calls of a schema's predicate before its object checks are generated as straight-line code.
 * Generating code costs a parse and a compile per object schema (about 70 µs each when cold), which
 * a short run (one fixture file) never earns back; loops judge the first calls, and a schema that
 * keeps being asked gets the generated checks.
 */
export const GENERATE_AFTER = 16;

/** The predicate of `schema`: loops for its first GENERATE_AFTER calls, then generated code, compiled once. */
export function schemaPredicate(schema: v.GenericSchema): SchemaPredicate {
  let predicate = compiled.get(schema);
  if (predicate === undefined) {
    const looped = compileSchemaPredicate(schema, false);
    let calls = 0;
    predicate = (value) => {
      if (++calls === GENERATE_AFTER) compiled.set(schema, compileSchemaPredicate(schema, true));
      return looped(value);
    };
    compiled.set(schema, predicate);
  }
  return predicate;
}

/** The predicate of `schema`, with its object checks as generated code (`generate`) or as loops. */
export function compileSchemaPredicate(schema: v.GenericSchema, generate: boolean): SchemaPredicate {
  return compileNode(schema as unknown as Node, generate);
}

/** Asks valibot: the exact answer for any node this compiler does not take apart. */
function askValibot(node: Node): SchemaPredicate {
  const schema = node as unknown as v.GenericSchema;
  return (value) => v.is(schema, value);
}

function isOptionalType(type: string): boolean {
  return type === 'optional' || type === 'exact_optional' || type === 'nullish';
}

/** Whether an object member's schema lets the member be absent (without a default to fill in). */
function mayBeAbsent(node: Node): boolean {
  return isOptionalType(node.type) && node.default === undefined;
}

/** Own keys valibot's record visits (it skips inherited members and prototype-polluting names). */
function isRecordKey(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key) && key !== '__proto__' && key !== 'prototype' && key !== 'constructor';
}

function compileNode(node: Node, generate: boolean): SchemaPredicate {
  // Async schemas, and fallbacks (which never fail), are valibot's to run.
  if (node.async || node.fallback !== undefined) return askValibot(node);
  if (node.pipe !== undefined) return compilePipe(node, generate);
  switch (node.type) {
    case 'string':
      return (x) => typeof x === 'string';
    case 'number':
      return (x) => typeof x === 'number' && !Number.isNaN(x);
    case 'boolean':
      return (x) => typeof x === 'boolean';
    case 'null':
      return (x) => x === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'never':
      return () => false;
    case 'literal': {
      const literal = node.literal;
      return (x) => x === literal || (Number.isNaN(x) && Number.isNaN(literal));
    }
    case 'picklist': {
      const options = node.options as readonly unknown[];
      return (x) => options.includes(x);
    }
    case 'custom': {
      const check = node.check as (value: unknown) => boolean;
      return (x) => Boolean(check(x));
    }
    case 'optional':
    case 'exact_optional':
    case 'nullish':
    case 'nullable':
      return compileWrapper(node, generate);
    case 'array': {
      const item = compileNode(node.item as Node, generate);
      return (x) => {
        if (!Array.isArray(x)) return false;
        for (let i = 0; i < x.length; i++) if (!item(x[i])) return false;
        return true;
      };
    }
    case 'record': {
      const key = compileNode(node.key as Node, generate);
      const value = compileNode(node.value as Node, generate);
      return (x) => {
        if (!x || typeof x !== 'object') return false;
        for (const k in x) if (isRecordKey(x, k) && (!key(k) || !value((x as Record<string, unknown>)[k]))) return false;
        return true;
      };
    }
    case 'union': {
      const options = (node.options as Node[]).map((option) => compileNode(option, generate));
      return (x) => {
        for (const option of options) if (option(x)) return true;
        return false;
      };
    }
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return compileObject(node, generate);
    default:
      return askValibot(node);
  }
}

function compileWrapper(node: Node, generate: boolean): SchemaPredicate {
  if (node.default !== undefined) return askValibot(node);
  const wrapped = compileNode(node.wrapped as Node, generate);
  switch (node.type) {
    case 'optional':
    case 'exact_optional': // as a member, its absence is decided by the object; a present undefined is the wrapped schema's
      return node.type === 'optional' ? (x) => x === undefined || wrapped(x) : wrapped;
    case 'nullable':
      return (x) => x === null || wrapped(x);
    default: // nullish
      return (x) => x === undefined || x === null || wrapped(x);
  }
}

function compileObject(node: Node, generate: boolean): SchemaPredicate {
  const entries = node.entries as Readonly<Record<string, Node>>;
  const members: Member[] = [];
  for (const key in entries) {
    const entry = entries[key] as Node;
    // A default or fallback fills in absent members: valibot's business.
    if (entry.fallback !== undefined || (isOptionalType(entry.type) && entry.default !== undefined)) return askValibot(node);
    members.push({ key, test: compileNode(entry, generate), optional: mayBeAbsent(entry) });
  }
  const closedKeys = node.type === 'strict_object' ? Object.keys(entries) : undefined;
  return generate ? objectPredicate(members, closedKeys) : loopedObjectPredicate(members, closedKeys);
}

/**
 * The member checks as straight-line code: one generated function per object schema, so each
 * member is read by its own literal key (a property access the engine can cache) instead of
 * through one shared loop. Keys enter the source only as JSON string literals.
 */
type Member = { readonly key: string; readonly test: SchemaPredicate; readonly optional: boolean };

function objectPredicate(members: readonly Member[], closedKeys: readonly string[] | undefined): SchemaPredicate {
  try {
    return generatedObjectPredicate(members, closedKeys);
  } catch {
    // Code generation refused (node --disallow-code-generation-from-strings): the same checks as a loop.
    return loopedObjectPredicate(members, closedKeys);
  }
}

/** The same judgement as the generated code, as one loop over the members. */
function loopedObjectPredicate(members: readonly Member[], closedKeys: readonly string[] | undefined): SchemaPredicate {
  const closed = closedKeys === undefined ? undefined : new Set(closedKeys);
  return (x) => {
    if (!x || typeof x !== 'object') return false;
    const input = x as Record<string, unknown>;
    for (const m of members) {
      if (m.key in input) {
        if (!m.test(input[m.key])) return false;
      } else if (!m.optional) {
        return false;
      }
    }
    if (closed !== undefined) for (const key in input) if (!closed.has(key)) return false;
    return true;
  };
}

function generatedObjectPredicate(members: readonly Member[], closedKeys: readonly string[] | undefined): SchemaPredicate {
  const lines = members.map((m, i) => {
    const k = JSON.stringify(m.key);
    return m.optional ? `if (${k} in x && !t[${i}](x[${k}])) return false;` : `if (!(${k} in x) || !t[${i}](x[${k}])) return false;`;
  });
  if (closedKeys !== undefined) {
    const cases = closedKeys.map((k) => `case ${JSON.stringify(k)}:`).join(' ');
    lines.push(closedKeys.length === 0
      ? 'for (const k in x) return false;'
      : `for (const k in x) switch (k) { ${cases} break; default: return false; }`);
  }
  const source = `return function objectPredicate(x) {\n  if (!x || typeof x !== 'object') return false;\n  ${lines.join('\n  ')}\n  return true;\n};`;
  return new Function('t', source)(members.map((m) => m.test)) as SchemaPredicate;
}

const VALUE_PRESERVING = new Set(['string', 'number', 'boolean', 'literal', 'picklist', 'null', 'unknown', 'any', 'custom']);

/**
 * A pipe of schemas and validations: each item sees the value the items before it produced, so
 * every item but the last must hand the value on unchanged (primitive and custom schemas, and
 * validations do; objects, arrays and records build a new output, transformations change it).
 */
function compilePipe(node: Node, generate: boolean): SchemaPredicate {
  const items = (node.pipe as readonly Node[]).filter((item) => item.kind !== 'metadata');
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Node;
    if (item.kind !== 'schema' && item.kind !== 'validation') return askValibot(node);
    const last = i === items.length - 1;
    if (!last && item.kind === 'schema' && (item.pipe !== undefined || !VALUE_PRESERVING.has(item.type))) return askValibot(node);
  }
  const tests = items.map((item) => (item.kind === 'schema' ? compileNode(item, generate) : compileValidation(item)));
  if (tests.length === 1) return tests[0] as SchemaPredicate;
  return (x) => {
    for (let i = 0; i < tests.length; i++) if (!(tests[i] as SchemaPredicate)(x)) return false;
    return true;
  };
}

function compileValidation(action: Node): SchemaPredicate {
  const requirement = action.requirement;
  switch (action.type) {
    case 'min_value':
      return (x) => (x as number) >= (requirement as number);
    case 'max_value':
      return (x) => (x as number) <= (requirement as number);
    case 'min_length':
      return (x) => (x as { length: number }).length >= (requirement as number);
    case 'max_length':
      return (x) => (x as { length: number }).length <= (requirement as number);
    case 'regex':
      return (x) => (requirement as RegExp).test(x as string);
    case 'integer':
    case 'safe_integer':
    case 'finite':
    case 'check':
      return (x) => Boolean((requirement as (value: unknown) => unknown)(x));
    default: {
      // Any other validation runs as valibot runs it, on a typed dataset.
      const run = (action as unknown as { '~run': (d: { typed: true; value: unknown }, c: typeof CONFIG) => { issues?: unknown } })['~run'].bind(action);
      return (x) => run({ typed: true, value: x }, CONFIG).issues === undefined;
    }
  }
}
