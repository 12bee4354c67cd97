// Why: a server must answer arguments its inputSchema refuses with a JSON-RPC error or a result
// with isError, never a crash or a hang. Fuzz needs such arguments, each one deliberately wrong in
// one way it can name (a required member missing, a member of the wrong type, an unknown member
// where additionalProperties is false, a number below its minimum, a value outside its enum), and
// each one checked by ajv to really be refused, so a server that accepts it is not blamed for
// accepting something valid.
import fc from 'fast-check';
import type { JsonObject } from '../validators/context.ts';
import { admits, sampleArguments, validArguments } from './schema-arguments.ts';

/** One way to make valid arguments invalid. */
type Mutation =
  | { readonly kind: 'missing'; readonly name: string }
  | { readonly kind: 'wrong-type'; readonly name: string; readonly value: unknown; readonly asked: string }
  | { readonly kind: 'unknown'; readonly name: string }
  | { readonly kind: 'below-minimum'; readonly name: string; readonly value: number }
  | { readonly kind: 'outside-enum'; readonly name: string };

function isSchema(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value of none of the given types. */
function wrongValue(types: readonly string[]): unknown {
  if (!types.includes('string')) return '42';
  if (!types.includes('number') && !types.includes('integer')) return 42;
  if (!types.includes('boolean')) return true;
  return undefined;
}

/** The mutations a root object schema allows. */
function mutationsOf(schema: Readonly<Record<string, unknown>>): Mutation[] {
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : [];
  const out: Mutation[] = required.map((name) => ({ kind: 'missing', name }));
  for (const [name, sub] of Object.entries(properties)) {
    if (!isSchema(sub)) continue;
    const type = sub['type'];
    const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
    const value = types.length > 0 ? wrongValue(types) : undefined;
    if (value !== undefined) out.push({ kind: 'wrong-type', name, value, asked: types.join(' or ') });
    const minimum = typeof sub['minimum'] === 'number' ? sub['minimum'] : undefined;
    if (minimum !== undefined && Number.isFinite(minimum)) out.push({ kind: 'below-minimum', name, value: minimum - 1 });
    if (Array.isArray(sub['enum']) && sub['enum'].length > 0) out.push({ kind: 'outside-enum', name });
  }
  if (schema['additionalProperties'] === false) {
    let name = 'unexpected';
    while (Object.hasOwn(properties, name)) name += '_';
    out.push({ kind: 'unknown', name });
  }
  return out;
}

function apply(m: Mutation, args: JsonObject): { args: JsonObject; how: string } {
  const out: Record<string, unknown> = { ...args };
  switch (m.kind) {
    case 'missing':
      delete out[m.name];
      return { args: out, how: `required member /${m.name} left out` };
    case 'wrong-type':
      out[m.name] = m.value;
      return { args: out, how: `/${m.name} is ${JSON.stringify(m.value)} where the schema asks for ${m.asked}` };
    case 'unknown':
      out[m.name] = true;
      return { args: out, how: `unknown member /${m.name} where additionalProperties is false` };
    case 'below-minimum':
      out[m.name] = m.value;
      return { args: out, how: `/${m.name} is ${m.value}, below its minimum` };
    case 'outside-enum':
      out[m.name] = 'not-in-the-enum';
      return { args: out, how: `/${m.name} is not one of its enum values` };
  }
}

/**
 * Deliberately invalid instances of a tool's inputSchema (a required member missing, a wrong type,
 * ...), each saying how it is invalid and each refused by ajv; undefined when the schema gives no
 * way to be wrong that the generator knows (or no valid instance to start from).
 */
export function invalidArguments(schema: unknown): fc.Arbitrary<{ args: JsonObject; how: string }> | undefined {
  if (!isSchema(schema)) return undefined;
  const valid = validArguments(schema);
  const base = sampleArguments(schema, 0);
  if ('unsupported' in valid || 'skipped' in base) return undefined;
  const checked = schema as JsonObject;
  const usable = mutationsOf(schema).filter((m) => !admits(checked, apply(m, base.args).args));
  if (usable.length === 0) return undefined;
  return fc.tuple(fc.constantFrom(...usable), valid).map(([m, args]) => {
    const made = apply(m, args);
    return admits(checked, made.args) ? apply(m, base.args) : made;
  });
}
