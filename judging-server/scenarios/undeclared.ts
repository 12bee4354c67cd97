// Why: a request for what the client did not declare is the server's deliberate probe: roots/list
// SHOULD be refused -32601 (roots page), an undeclared elicitation mode -32602 (the session's
// elicitation rules judge it). It is marked a probe so the session does not blame the checker.
import { askFor, type ScenarioContext, type ScenarioEntry } from './context.ts';

export const undeclared: ScenarioEntry = { by: 'server', text: 'a request for what the client did not declare (roots/list, or an elicitation mode); the client should refuse it with an error' };

/** Plays the probe the plan chose, else notes why none. */
export async function playUndeclared(ctx: ScenarioContext, planned: 'roots' | 'elicitation-url' | 'elicitation-form' | undefined): Promise<void> {
  if (planned === 'roots') await askFor(ctx, 'undeclared', 'roots/list', {}, 'undeclared-roots');
  else if (planned === 'elicitation-url') {
    await askFor(ctx, 'undeclared', 'elicitation/create', { mode: 'url', message: 'Open this page.', url: 'https://example.com/mcp-statechart/undeclared', elicitationId: `judging-server-${ctx.nextId}` }, 'undeclared-elicitation-mode');
  } else if (planned === 'elicitation-form') {
    await askFor(ctx, 'undeclared', 'elicitation/create', { mode: 'form', message: 'A name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, 'undeclared-elicitation-mode');
  } else ctx.note('undeclared', 'not played: the client declared roots and every elicitation mode it can');
}
