// Why: the slow tool answers late, so a client with a timeout is seen cancelling it
// (notifications/cancelled; in 2026-07-28 over HTTP, by closing the call's stream).
import type { JsonObject } from '../../validators/context.ts';
import type { RequestId } from '../../validators/envelope.ts';
import { SLOW_DEFAULT_SECONDS, SLOW_MAX_SECONDS } from '../catalog.ts';
import { textResult, type ScenarioContext, type ScenarioEntry } from './context.ts';

export const cancel: ScenarioEntry = { by: 'client', text: 'the slow tool answers late; a client with a timeout cancels it with notifications/cancelled' };

/** The slow tool: answers after `seconds` unless the call is cancelled first. */
export async function callSlow(ctx: ScenarioContext, id: RequestId, args: JsonObject): Promise<void> {
  const asked = args['seconds'];
  const seconds = typeof asked === 'number' && asked >= 0 && asked <= SLOW_MAX_SECONDS ? asked : SLOW_DEFAULT_SECONDS;
  ctx.outcome('cancel', 'the slow tool was called and not cancelled');
  if (!(await ctx.pause(id, seconds * 1000))) {
    if (!ctx.closed) ctx.outcome('cancel', 'the slow call was cancelled; no answer sent');
    return;
  }
  ctx.result(id, textResult(`answered after ${seconds} s`));
}
