// Why: one place turns anything that stopped a run into what people and CI read: one sentence
// ending in the rule it rests on, the JSON document --json promises, and "internal error" only
// for a real defect, never for a file that could not be read or written.
import { InputError } from '../../files/input-error.ts';
import { ruleById } from '../../validators/rules/index.ts';
import { StrictJsonError } from '../../validators/strict-json.ts';
import { errnoCode, errnoReason, FileError, isSystemError, ReadError } from '../../files/io-error.ts';
import { UsageError } from './usage-error.ts';

/** A failure described: its rule, its message without the rule, and where it points. */
export interface DescribedFailure {
  readonly rule: string;
  readonly message: string;
  /** JSON Pointer into the input, when the failure has a place there. */
  readonly pointer?: string;
  /** True only for a defect of this program (the failure is not the input's or the machine's). */
  readonly internal: boolean;
}

const READ_CALLS = new Set(['open', 'read', 'stat', 'lstat', 'fstat', 'scandir', 'opendir', 'readdir', 'access', 'realpath']);

/** Describes any thrown value; with MCP_STATECHART_DEBUG set, a defect shows its stack. */
export function describeFailure(error: unknown): DescribedFailure {
  if (error instanceof UsageError) return { rule: ruleById('cli/usage').id, message: error.message, internal: false };
  if (error instanceof InputError || error instanceof StrictJsonError) {
    return { rule: error.rule, message: error.message, ...(error.pointer === '' ? {} : { pointer: error.pointer }), internal: false };
  }
  if (error instanceof FileError) {
    return { rule: (error instanceof ReadError ? ruleById('cli/read-failed') : ruleById('cli/write-failed')).id, message: error.message, internal: false };
  }
  if (isSystemError(error)) {
    // An I/O failure outside the file helpers: its code and call are known, its path is not shown.
    const call = String((error as { syscall: string }).syscall);
    const code = errnoCode(error);
    const rule = READ_CALLS.has(call) ? ruleById('cli/read-failed') : ruleById('cli/write-failed');
    return { rule: rule.id, message: `could not ${call}: ${errnoReason(code)} (${code})`, internal: false };
  }
  const debug = process.env['MCP_STATECHART_DEBUG'] && error instanceof Error;
  const message = debug
    ? `internal error: ${error.stack ?? error.message}`
    : `internal error: ${error instanceof Error ? error.name : 'unknown'} (set MCP_STATECHART_DEBUG=1 for details)`;
  return { rule: 'internal', message, internal: true };
}

/** The one line printed on standard error: the message, then the rule it rests on. */
export function failureLine(failure: DescribedFailure): string {
  return failure.internal ? failure.message : `${failure.message} [${failure.rule}]`;
}

/** The document `--json` prints when a run could not complete. */
export function failureDocument(failure: DescribedFailure): { status: 'error'; error: { rule: string; message: string; pointer?: string } } {
  return { status: 'error', error: { rule: failure.rule, message: failure.message, ...(failure.pointer === undefined ? {} : { pointer: failure.pointer }) } };
}
