// Why: the progress page: a request that carries a progressToken may be sent
// notifications/progress; the progress tool sends one per step, so the client is seen taking them.
import type { JsonObject } from '../../validators/context.ts';
import type { RequestId } from '../../validators/envelope.ts';
import { textResult, type ScenarioContext, type ScenarioEntry } from './context.ts';

export const progress: ScenarioEntry = { by: 'client', text: 'the progress tool sends notifications/progress when its call carries a progressToken' };

/** The progress tool: `steps` (1 to 10, default 3) notifications when the call carried a token, then its result. */
export async function callProgress(ctx: ScenarioContext, id: RequestId, args: JsonObject, token: unknown): Promise<void> {
  const steps = Number.isInteger(args['steps']) && (args['steps'] as number) >= 1 && (args['steps'] as number) <= 10 ? args['steps'] as number : 3;
  const progressToken = typeof token === 'string' || typeof token === 'number' ? token : undefined;
  for (let step = 1; step <= steps && progressToken !== undefined; step += 1) {
    if (!(await ctx.pause(id, 20))) return;
    ctx.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: step, total: steps, message: `step ${step} of ${steps}` } }, id);
  }
  ctx.outcome('progress', progressToken === undefined ? 'called without a progressToken: no progress sent' : `${steps} notifications/progress sent`);
  ctx.result(id, textResult(`counted to ${steps}`));
}
