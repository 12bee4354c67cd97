// Why: exercising a server means calling its tools with arguments its own inputSchema admits, and
// the checker must never blame a server for refusing arguments the checker got wrong. Values come
// from the fast-check translation of the schema (exercise/schema-arbitrary.ts) and each one is
// checked by the same ajv that judges the server's answers (validators/json-schema.ts) before it
// is used: a value ajv refuses is drawn again a bounded number of times (and within a time
// budget), then the tool is reported skipped with the reason.
import fc from 'fast-check';
import type { JsonObject } from '../validators/context.ts';
import { JSON_SCHEMA_AVAILABLE, validateJsonInstance, validateJsonSchema } from '../validators/json-schema.ts';
import { isUnsupported, schemaArbitrary } from './schema-arbitrary.ts';

/** How many drawn values a sample tries before the tool is skipped. */
export const SAMPLE_TRIES = 32;
/** How long one sample may spend drawing and checking values, in milliseconds. */
export const SAMPLE_BUDGET_MS = 500;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a schema cannot be used for arguments at all (it does not compile, or ajv cannot run here); undefined when it can. */
function schemaProblem(schema: unknown): string | undefined {
  if (!JSON_SCHEMA_AVAILABLE) return 'JSON Schema validation cannot run in this runtime (code generation from strings is disallowed)';
  if (!isJsonObject(schema)) return 'the inputSchema is not an object';
  const findings = validateJsonSchema(schema, '').filter((f) => f.severity === 'error');
  const first = findings[0];
  return first === undefined ? undefined : `the inputSchema is not valid JSON Schema (${first.rule} at ${first.pointer || '/'})`;
}

/** Whether ajv accepts a value against the schema (the schema compiles: see schemaProblem). */
export function admits(schema: JsonObject, value: unknown): boolean {
  return validateJsonInstance(schema, value, '').length === 0;
}

/** The raw arbitrary of a tool's arguments (an object), before ajv has seen its values. */
function argumentsArbitrary(schema: unknown): fc.Arbitrary<JsonObject> | { unsupported: string } {
  const problem = schemaProblem(schema);
  if (problem !== undefined) return { unsupported: problem };
  const arb = schemaArbitrary(schema);
  if (isUnsupported(arb)) return arb;
  // Tool arguments are an object whatever the schema says; a schema admitting other values too still gets objects.
  return arb.map((v) => (isJsonObject(v) ? v : {}));
}

/**
 * One valid instance, deterministic from the seed, checked against the schema by ajv before it is
 * returned; a schema no draw satisfies within SAMPLE_TRIES (or SAMPLE_BUDGET_MS) is skipped.
 *
 * @example sampleArguments({ type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] }, 7) // { args: { n: 1 } } or another small n
 */
export function sampleArguments(schema: unknown, seed: number): { args: JsonObject } | { skipped: string } {
  const arb = argumentsArbitrary(schema);
  if (isUnsupported(arb)) return { skipped: arb.unsupported };
  const checked = schema as JsonObject;
  const started = Date.now();
  let why = '';
  const values = fc.sample(arb, { seed: seed | 0, numRuns: SAMPLE_TRIES });
  for (const value of values) {
    const refused = validateJsonInstance(checked, value, '');
    if (refused.length === 0) return { args: value };
    why ||= `${refused[0]?.rule ?? 'toolschema/instance-invalid'} at ${refused[0]?.pointer || '/'}`;
    if (Date.now() - started > SAMPLE_BUDGET_MS) return { skipped: `no generated value satisfied the inputSchema within ${SAMPLE_BUDGET_MS} ms (ajv: ${why})` };
  }
  return { skipped: `no generated value satisfied the inputSchema in ${SAMPLE_TRIES} tries (ajv: ${why})` };
}

/**
 * A fast-check arbitrary of instances valid against a JSON Schema (a tool's inputSchema), leaning to
 * small and typical values; it shrinks toward lower bounds and shortest strings. A drawn value ajv
 * refuses is replaced by one checked sample, so every value it yields is valid.
 */
export function validArguments(schema: unknown): fc.Arbitrary<JsonObject> | { unsupported: string } {
  const arb = argumentsArbitrary(schema);
  if (isUnsupported(arb)) return arb;
  const fallback = sampleArguments(schema, 0);
  if ('skipped' in fallback) return { unsupported: fallback.skipped };
  const checked = schema as JsonObject;
  return arb.map((v) => (admits(checked, v) ? v : fallback.args));
}

export { invalidArguments } from './invalid-arguments.ts';
export { samplePromptArguments } from './prompt-arguments.ts';
