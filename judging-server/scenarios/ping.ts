// Why: the ping page: "The receiver MUST respond promptly with an empty response". The server
// pings once the client has sent notifications/initialized (a 2026-07-28 server sends no requests).
import { askFor, type ScenarioContext, type ScenarioEntry } from './context.ts';

export const ping: ScenarioEntry = { by: 'server', text: 'the server pings; the client must answer with an empty result, promptly' };

/** Plays the ping. */
export async function playPing(ctx: ScenarioContext): Promise<void> {
  await askFor(ctx, 'ping', 'ping', {});
}
