// Why: a saved trace is untrusted input (it may be truncated, edited or built by hand), yet
// `report`, `validate` and `replay` act on what it says. It is read as strict JSON within size and
// depth bounds, checked against the trace schema, and its status and signature are recomputed
// from its findings, so a damaged or edited trace is refused (exit 2) rather than reported on.
import * as v from 'valibot';
import { InputError } from '../files/input-error.ts';
import { pointerJoin } from '../validators/finding.ts';
import { issuePointer } from '../validators/schema-check.ts';
import { DEFAULT_MAX_DEPTH, parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';
import { findingEvidence } from './finding-evidence.ts';
import { signatureOf } from './signature.ts';
import type { Sequence } from './action-schema.ts';
import { TRACE_MARK, TRACE_VERSION, TraceSchema, type Trace } from './trace-schema.ts';
import { ruleById } from '../validators/rules/index.ts';

/** The largest trace file read, in bytes (at most one more byte is ever read). */
export const TRACE_MAX_BYTES = 64 * 1024 * 1024;

/** The deepest nesting a trace may have: a message of the strict reader's depth, three levels down. */
export const TRACE_MAX_DEPTH = DEFAULT_MAX_DEPTH + 3;

const INVALID = ruleById('fixture/trace-invalid').id;

/** The most actions a replayed sequence may have: the longest fuzz draws (--max-steps at most 1000). */
export const MAX_REPLAY_ACTIONS = 1000;
const TAMPERED = ruleById('fixture/trace-tampered').id;
const NOT_REPLAYABLE = ruleById('fixture/trace-not-replayable').id;

/** Member names that would say what to run or where: a trace given to replay may hold none of them. */
/** Member names that would say what to run or where: an executable, a URL, an environment or a working directory. */
const RUN_CONTROLS: ReadonlySet<string> = new Set(['command', 'cmd', 'argv', 'executable', 'program', 'shell', 'spawn', 'cwd', 'working_directory', 'workdir', 'directory', 'env', 'environment', 'url', 'uri', 'endpoint', 'host', 'port']);

/**
 * Parses and checks a trace's bytes. Throws an InputError naming the rule (`json/*`,
 * `fixture/trace-invalid`, `fixture/trace-tampered`) and the JSON Pointer, never a file name.
 */
export function parseTrace(bytes: Uint8Array): Trace {
  let data: unknown;
  try {
    data = parseStrictJson(bytes, { maxBytes: TRACE_MAX_BYTES, maxDepth: TRACE_MAX_DEPTH });
  } catch (error) {
    if (!(error instanceof StrictJsonError)) throw error;
    throw new InputError(error.rule, error.pointer, `trace: ${error.message}`);
  }
  return checkTrace(data);
}

/** Checks a parsed JSON value as a trace: its format, then its consistency (see parseTrace). */
export function checkTrace(data: unknown): Trace {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !Object.hasOwn(data, TRACE_MARK)) {
    throw invalid('', `not a trace: a trace is a JSON object with "${TRACE_MARK}": ${TRACE_VERSION}${hintFor(data)}`);
  }
  const version = (data as Record<string, unknown>)[TRACE_MARK];
  if (version !== TRACE_VERSION) {
    throw invalid(`/${TRACE_MARK}`, `trace format version ${JSON.stringify(version)} is not supported (this build reads version ${TRACE_VERSION})`);
  }
  const r = v.safeParse(TraceSchema, data);
  if (!r.success) {
    const issue = r.issues[0]!;
    throw invalid(issuePointer('', issue), issue.message);
  }
  const trace = r.output;
  refuseRunControls(trace);
  trace.findings.forEach((f, i) => {
    if (f.event !== null && f.event >= trace.events.length) {
      throw invalid(`/findings/${i}/event`, `finding ${i} rests on event ${f.event}, but the trace has ${trace.events.length} events`);
    }
  });
  const errors = trace.findings.filter((f) => f.severity === 'error').length;
  if ((trace.status === 'pass' && errors > 0) || (trace.status === 'fail' && errors === 0)) {
    throw tampered('/status', `status "${trace.status}" does not match the ${errors} error findings`);
  }
  if (trace.signature !== signatureOf(findingEvidence(trace))) {
    throw tampered('/signature', 'the signature does not match the findings');
  }
  return trace;
}

/**
 * The seed and actions of a checked trace, for replay. Refuses (`fixture/trace-not-replayable`,
 * with the pointer) a trace without a sequence, and one whose target, options or sequence name an
 * executable, URL, environment or working directory: replay runs only what the user names.
 */
export function replayableSequence(trace: Trace): Sequence {
  if (trace.sequence === undefined) {
    throw new InputError(NOT_REPLAYABLE, '/sequence', `trace: it holds no action sequence to replay (only fuzz and replay write one, and a check with --scenario its steps; this is a ${trace.mode} trace) (at /sequence)`);
  }
  // The signature covers the findings only: the length of a run is bounded here, not by the trace.
  if (trace.sequence.actions.length > MAX_REPLAY_ACTIONS) {
    throw new InputError(INVALID, '/sequence/actions', `trace: its sequence has ${trace.sequence.actions.length.toLocaleString('en-US')} actions, more than the ${MAX_REPLAY_ACTIONS.toLocaleString('en-US')} a replay plays (the longest fuzz writes, --max-steps 1000) (at /sequence/actions)`);
  }
  const target = trace.target as Record<string, unknown>;
  for (const name of Object.keys(target)) {
    if (name !== 'transport') throw notReplayable(`/target/${name}`, `the trace names a ${name === 'command' ? 'command' : 'URL'} to run against; replay runs only the target named on its command line`);
  }
  const named = namedTarget(trace.options, '/options') ?? namedTarget(trace.sequence, '/sequence');
  if (named !== undefined) throw notReplayable(named, 'the trace names an executable, URL, environment or working directory; replay runs only the target named on its command line');
  return trace.sequence;
}

/** The pointer of the first member, at any depth, whose name says what to run or where. */
function namedTarget(value: unknown, pointer: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, member] of Object.entries(value)) {
    const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (!Array.isArray(value) && RUN_CONTROLS.has(key.toLowerCase())) return at;
    const inner = namedTarget(member, at);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function notReplayable(pointer: string, problem: string): InputError {
  return new InputError(NOT_REPLAYABLE, pointer, `trace: ${problem} (at ${pointer})`);
}

/**
 * Run controls (RUN_CONTROLS) are refused at read time, by every reader, in the free-form objects
 * (the run's options, its cleanup evidence, a deep run's action arguments), so that no reader of a
 * trace can ever be steered by one. Tool arguments inside the recorded calls are data and stay free.
 */
function refuseRunControls(trace: Trace): void {
  const check = (object: Readonly<Record<string, unknown>> | undefined, pointer: string): void => {
    if (object === undefined) return;
    for (const key of Object.keys(object)) {
      if (RUN_CONTROLS.has(key.toLowerCase())) {
        throw invalid(pointerJoin(pointer, key), `the member ${JSON.stringify(key)} names what to run or where; a trace never does (the target of a run comes from the command line)`);
      }
    }
  };
  check(trace.options, '/options');
  check(trace.cleanup, '/cleanup');
  trace.sequence?.actions.forEach((action, i) => check('args' in action ? action.args : undefined, `/sequence/actions/${i}/args`));
}

function invalid(pointer: string, problem: string): InputError {
  return new InputError(INVALID, pointer, `trace: invalid trace at ${pointer || '/'}: ${problem}`);
}

function tampered(pointer: string, problem: string): InputError {
  return new InputError(TAMPERED, pointer, `trace: ${problem}: it was edited or damaged (at ${pointer})`);
}

/** Names the command for a document that is some other of our formats. */
function hintFor(data: unknown): string {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return '';
  if (Object.hasOwn(data, 'cases')) return ' (this looks like a fixture: use `cases`)';
  if (Object.hasOwn(data, 'mcp_statechart_transcript') || Object.hasOwn(data, 'direction')) return ' (this looks like a transcript: use `validate`)';
  return '';
}
