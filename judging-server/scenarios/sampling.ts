// Why: a client that declared sampling is asked for a completion, and with tools when it declared
// sampling.tools; the answers are judged by the session's sampling rules.
import type { JsonObject } from '../../validators/context.ts';
import { askFor, type ScenarioContext, type ScenarioEntry } from './context.ts';

export const sampling: ScenarioEntry = { by: 'server', text: 'sampling/createMessage, when the client declared sampling (with tools too when it declared sampling.tools)' };

/** The plain sampling request's params. */
export const SAMPLING_PARAMS: JsonObject = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Say "judged" and nothing else.' } }],
  maxTokens: 16,
};

/** The sampling request with a tool, for a client that declared sampling.tools. */
export const SAMPLING_TOOLS_PARAMS: JsonObject = {
  messages: [{ role: 'user', content: { type: 'text', text: 'What time is it? Use the clock tool.' } }],
  maxTokens: 64,
  tools: [{ name: 'clock', description: 'The current time.', inputSchema: { type: 'object', properties: {} } }],
  toolChoice: { mode: 'auto' },
};

/** Plays sampling (and sampling with tools) when the plan says so, else notes why not. */
export async function playSampling(ctx: ScenarioContext, planned: boolean, withTools: boolean): Promise<void> {
  if (!planned) {
    ctx.note('sampling', 'not played: the client did not declare sampling');
    return;
  }
  await askFor(ctx, 'sampling', 'sampling/createMessage', SAMPLING_PARAMS);
  if (withTools) await askFor(ctx, 'sampling', 'sampling/createMessage', SAMPLING_TOOLS_PARAMS);
}
