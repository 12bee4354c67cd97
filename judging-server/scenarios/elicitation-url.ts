// Why: a client that declared URL elicitation (2025-11-25 on) is sent to a page; an accepted one is
// told the elicitation completed.
import type { JsonObject } from '../../validators/context.ts';
import { isJsonObject } from '../../validators/shape.ts';
import { askFor, type ScenarioContext, type ScenarioEntry } from './context.ts';

export const elicitationUrl: ScenarioEntry = { by: 'server', text: 'elicitation/create in URL mode (2025-11-25), when the client declared it' };

const CONSENT_URL = 'https://example.com/mcp-statechart/consent';

/** The URL input request of 2026-07-28. */
export const URL_INPUT_REQUEST: JsonObject = {
  method: 'elicitation/create',
  params: { mode: 'url', message: 'Open this page to go on.', url: CONSENT_URL, elicitationId: 'judging-server-consent' },
};

/** Plays the URL elicitation when the plan says so, else notes why not. */
export async function playElicitationUrl(ctx: ScenarioContext, planned: boolean): Promise<void> {
  if (!planned) {
    ctx.note('elicitation-url', ctx.version === '2025-06-18' ? 'not played: URL mode is not in 2025-06-18' : 'not played: the client did not declare URL elicitation');
    return;
  }
  const elicitationId = `judging-server-${ctx.nextId}`;
  const answer = await askFor(ctx, 'elicitation-url', 'elicitation/create', { mode: 'url', message: 'Open this page to go on.', url: CONSENT_URL, elicitationId });
  const result = answer?.['result'];
  if (isJsonObject(result) && result['action'] === 'accept') ctx.send({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId } }, undefined);
}
