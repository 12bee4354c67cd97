// Why: check, fuzz and replay end the same way when their run could not complete (the trace's
// status is `error`): one line naming why, under the rule that says so. A server that negotiated a
// revision no profile judges could not be checked for that reason, not for being unavailable.
import { judgeTrace } from '../../live/trace-judge.ts';
import { InputError } from '../../files/input-error.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { ruleById } from '../../validators/rules/index.ts';

/** The failure of a live run that could not complete; `what` names the run ("the check"), the trace's error text is already redacted. */
export function couldNotRun(what: string, trace: Trace): InputError {
  const why = `could not run ${what}: ${trace.error ?? 'unknown reason'}`;
  if (judgeTrace(trace).negotiation.notJudged !== null) return new InputError(ruleById('cli/version-not-judged').id, '', why);
  return new InputError(ruleById('cli/server-unavailable').id, '', why);
}
