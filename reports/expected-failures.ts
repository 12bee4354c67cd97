// Why: a team that knows about a finding (a server bug reported upstream, a deliberate deviation)
// lists it so that CI stays green, but must learn when the entry is no longer needed: an entry
// that matches no finding of the run is stale and fails it, as the conformance suite does.
import * as v from 'valibot';
import { InputError } from '../files/input-error.ts';
import { readBounded, ReadError } from '../files/read-bounded.ts';
import { eventPlaces, NOT_A_MESSAGE, type EventPlace } from '../trace/finding-evidence.ts';
import type { Trace, TraceFinding } from '../trace/trace-schema.ts';
import { RULES, ruleById } from '../validators/rules/index.ts';
import { issuePointer } from '../validators/schema-check.ts';
import { parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';

const INVALID = ruleById('fixture/expected-failures-invalid').id;

/** One expected finding: its rule, why it is accepted, and optionally where it must occur. */
export const ExpectedFailureSchema = v.strictObject({
  rule: v.pipe(v.string(), v.check((id) => RULES.has(id), (issue) => `Invalid rule: no rule ${JSON.stringify(issue.input)} is registered (see \`mcp-statechart rules\`)`)),
  reason: v.pipe(v.string(), v.nonEmpty('Invalid reason: Expected a sentence saying why the finding is accepted')),
  /** The method of the message (or of the request a response answers). */
  method: v.optional(v.pipe(v.string(), v.nonEmpty())),
  /** The finding's JSON Pointer into its event, exactly. */
  pointer: v.optional(v.pipe(v.string(), v.regex(/^(?:\/.*)?$/, 'Invalid pointer: Expected a JSON Pointer ("" or starting with "/")'))),
  /** The index of the event the finding rests on. */
  event: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

/** An expected-failures file: an array of entries. */
export const ExpectedFailuresSchema = v.array(ExpectedFailureSchema);

/** One entry of an expected-failures file. */
export type ExpectedFailure = v.InferOutput<typeof ExpectedFailureSchema>;

/** The largest expected-failures file read, in bytes. */
const MAX_BYTES = 2_000_000;

/** An expected-failures file as read: its entries, and its text (for locations in reports). */
export interface ExpectedFailuresFile {
  readonly entries: ExpectedFailure[];
  readonly text: string;
}

/** Reads an expected-failures file (strict JSON, checked); a bad file is an InputError naming the rule and pointer. */
export async function readExpectedFailures(path: string): Promise<ExpectedFailuresFile> {
  let bytes: Uint8Array;
  try {
    bytes = await readBounded(path, MAX_BYTES);
  } catch (error) {
    if (error instanceof ReadError) throw error.about(path);
    if (error instanceof StrictJsonError) throw new InputError(error.rule, '', `--expected-failures: ${error.message}`);
    throw error;
  }
  return { entries: parseExpectedFailures(bytes), text: new TextDecoder().decode(bytes) };
}

/** Parses and checks the bytes of an expected-failures file. */
export function parseExpectedFailures(bytes: Uint8Array | string): ExpectedFailure[] {
  let data: unknown;
  try {
    data = parseStrictJson(bytes);
  } catch (error) {
    if (!(error instanceof StrictJsonError)) throw error;
    throw new InputError(error.rule, error.pointer, `--expected-failures: ${error.message}`);
  }
  const r = v.safeParse(ExpectedFailuresSchema, data);
  if (!r.success) {
    const issue = r.issues[0]!;
    throw invalid(issuePointer('', issue), issue.message);
  }
  const seen = new Map<string, number>();
  r.output.forEach((entry, i) => {
    const key = JSON.stringify([entry.rule, entry.method, entry.pointer, entry.event]);
    const first = seen.get(key);
    if (first !== undefined) throw invalid(`/${i}`, `entry ${i} repeats entry ${first}`);
    seen.set(key, i);
  });
  return r.output;
}

function invalid(pointer: string, problem: string): InputError {
  return new InputError(INVALID, pointer, `--expected-failures: invalid entry at ${pointer || '/'}: ${problem}`);
}

/** Whether an entry matches a finding: the same rule, and every place the entry names. */
export function matchesFinding(entry: ExpectedFailure, finding: TraceFinding, place: EventPlace): boolean {
  return entry.rule === finding.rule
    && (entry.method === undefined || entry.method === place.method)
    && (entry.pointer === undefined || entry.pointer === finding.pointer)
    && (entry.event === undefined || entry.event === finding.event);
}

/**
 * What a search already knows of one run's trace: the rules of its error findings that no entry
 * accepts and no `ignored` rule names (unexpected), and the indexes of the entries it met.
 */
export function knownFindings(trace: Trace, entries: readonly ExpectedFailure[], ignored: readonly string[]): { unexpected: string[]; met: number[] } {
  const places = eventPlaces(trace.events);
  const met = new Set<number>();
  const unexpected: string[] = [];
  for (const f of trace.findings) {
    const place = f.event === null ? NOT_A_MESSAGE : places[f.event] ?? NOT_A_MESSAGE;
    entries.forEach((e, i) => {
      if (matchesFinding(e, f, place)) met.add(i);
    });
    if (f.severity !== 'error' || ignored.includes(f.rule)) continue;
    if (!entries.some((e) => matchesFinding(e, f, place))) unexpected.push(f.rule);
  }
  return { unexpected, met: [...met] };
}
