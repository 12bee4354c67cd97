// Why: a client that declared roots is asked for them (each root a file:// URI, judged by the session).
import type { JsonObject } from '../../validators/context.ts';
import { askFor, type ScenarioContext, type ScenarioEntry } from './context.ts';

export const roots: ScenarioEntry = { by: 'server', text: 'roots/list, when the client declared roots (each root a file:// URI)' };

/** The roots/list request (also an input request of 2026-07-28). */
export const ROOTS_REQUEST: JsonObject = { method: 'roots/list', params: {} };

/** Plays roots/list when the plan says so, else notes why not. */
export async function playRoots(ctx: ScenarioContext, planned: boolean): Promise<void> {
  if (planned) await askFor(ctx, 'roots', 'roots/list', {});
  else ctx.note('roots', 'not played: the client did not declare roots');
}
