// Why: a server that dies at start (a missing module, a Node version it needs, a bad flag) says
// why on its standard error, and the run can only say "it ended before answering initialize".
// The reports show the end of what it wrote and how it ended, from the trace alone: the excerpt
// there is redacted already (cut from redacted text), so cutting it again shows no part of a
// secret; control characters are shown escaped, so a terminal prints them as text.
import type { Trace, TraceEvent } from '../trace/trace-schema.ts';
import { oneLine } from './output-text.ts';

/** The most lines of the server's stderr a report shows. */
export const MAX_STDERR_LINES = 20;
/** The most bytes (UTF-8, after escaping) of those lines. */
export const MAX_STDERR_BYTES = 4096;

/** How a server that ended before it answered initialize ended, and the last lines of its stderr. */
export interface ServerExit {
  /** Its exit code (null when a signal ended it). */
  readonly code: number | null;
  readonly signal: string | null;
  /** The last lines it wrote on stderr (redacted, control characters escaped), oldest first. */
  readonly stderr: readonly string[];
  /** Whether it wrote more than these lines. */
  readonly stderr_cut: boolean;
}

/** The marker the stderr excerpt puts where it left bytes out. */
const LEFT_OUT = /\n\[\.\.\. \d+ bytes left out \.\.\.\]\n/g;

/**
 * How the server ended, when the run could not complete because the server ended by itself (not
 * stopped by the checker) before it answered initialize; undefined otherwise.
 */
export function serverExitOf(trace: Trace): ServerExit | undefined {
  if (trace.status !== 'error' || answeredInitialize(trace.events)) return undefined;
  const exit = trace.events.find((e): e is Extract<TraceEvent, { kind: 'process_exit' }> => e.kind === 'process_exit');
  if (exit === undefined || exit.forced !== 'none') return undefined;
  const stderr = trace.events.find((e): e is Extract<TraceEvent, { kind: 'stderr' }> => e.kind === 'stderr');
  const { lines, cut } = lastLines(stderr);
  return { code: exit.code, signal: exit.signal, stderr: lines, stderr_cut: cut };
}

/** Whether the server answered the client's opening request, initialize or (2026-07-28) server/discover (with a result or an error). */
function answeredInitialize(events: readonly TraceEvent[]): boolean {
  const ids = new Set<unknown>();
  for (const e of events) {
    if (e.kind !== 'message' || !isObject(e.message)) continue;
    if (e.direction === 'client_to_server' && (e.message['method'] === 'initialize' || e.message['method'] === 'server/discover')) ids.add(e.message['id']);
    else if (e.direction === 'server_to_client' && e.message['method'] === undefined && ids.has(e.message['id'])) return true;
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function lastLines(event: Extract<TraceEvent, { kind: 'stderr' }> | undefined): { lines: string[]; cut: boolean } {
  if (event === undefined) return { lines: [], cut: false };
  let text = event.text;
  let cut = false;
  if (event.truncated) {
    const markers = [...text.matchAll(LEFT_OUT)];
    const last = markers.at(-1);
    if (last !== undefined) {
      text = text.slice((last.index ?? 0) + last[0].length);
      cut = true;
    }
  }
  const all = text.replace(/(?:\r?\n)+$/, '').split(/\r?\n/);
  if (all.length === 1 && all[0] === '') return { lines: [], cut };
  const lines: string[] = [];
  let bytes = 0;
  for (let i = all.length - 1; i >= 0 && lines.length < MAX_STDERR_LINES; i--) {
    const line = oneLine(all[i] as string);
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size > MAX_STDERR_BYTES) {
      const room = MAX_STDERR_BYTES - bytes - 1;
      if (room > 1) lines.unshift(`…${tailOf(line, room - Buffer.byteLength('…'))}`);
      return { lines, cut: true };
    }
    bytes += size;
    lines.unshift(line);
    if (lines.length === MAX_STDERR_LINES && i > 0) cut = true;
  }
  return { lines, cut };
}

/** The end of a line, at most `max` UTF-8 bytes, never inside a character. */
function tailOf(line: string, max: number): string {
  const chars = [...line];
  let bytes = 0;
  let start = chars.length;
  while (start > 0 && bytes + Buffer.byteLength(chars[start - 1] as string) <= max) bytes += Buffer.byteLength(chars[--start] as string);
  return chars.slice(start).join('');
}

/** The server's end as lines of text output: how it ended, then its last stderr lines, indented. */
export function serverExitText(exit: ServerExit): string {
  const how = exit.signal !== null ? `was ended by signal ${oneLine(exit.signal)}` : exit.code !== null ? `exited with code ${exit.code}` : 'ended';
  if (exit.stderr.length === 0) return `the server ${how} before it answered initialize, and wrote nothing on its standard error\n`;
  const lines = exit.stderr.length === 1 ? 'line' : `${exit.stderr.length} lines`;
  const head = `the server ${how} before it answered initialize; ${exit.stderr_cut ? 'the last' : 'the'} ${lines} it wrote on its standard error:\n`;
  return head + exit.stderr.map((l) => `  ${l}\n`).join('');
}
