import * as assert from 'uvu/assert';
import { Session, type Step } from '../../machines/session.ts';
import type { JsonObject, Profile } from '../../validators/context.ts';

/** The tool the spec-profile session tests call. */
export const TOOL: JsonObject = {
  name: 'convert',
  inputSchema: { type: 'object', properties: { cents: { type: 'integer' } }, required: ['cents'] },
  execution: { taskSupport: 'optional' },
};

const CLIENT_CAPS = { sampling: {}, tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } } };
const SERVER_CAPS = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };

/** A message from the client. */
export const c2s = (message: object): Step => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', ...message } });
/** A message from the server. */
export const s2c = (message: object): Step => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', ...message } });

/** A session of `profile` past the initialize handshake, with both sides' task capabilities where the revision has them. */
export function readySession(profile: Profile): Session {
  const tasks = profile.revision === '2025-11-25';
  const client = tasks ? CLIENT_CAPS : { sampling: {} };
  const server = tasks ? SERVER_CAPS : { tools: {} };
  const s = new Session({ profile, tools: [tasks ? TOOL : { name: TOOL['name'], inputSchema: TOOL['inputSchema'] }] });
  const v = profile.protocolVersion;
  for (const step of [
    c2s({ id: 1, method: 'initialize', params: { protocolVersion: v, capabilities: client, clientInfo: { name: 'c', version: '1' } } }),
    s2c({ id: 1, result: { protocolVersion: v, capabilities: server, serverInfo: { name: 's', version: '1' } } }),
    c2s({ method: 'notifications/initialized' }),
  ]) assert.equal(s.feed(step), [], 'handshake');
  return s;
}

/** Feeds each step and lists, per step, its findings as `rule pointer`. */
export function play(s: Session, steps: readonly Step[]): string[][] {
  return steps.map((step) => s.feed(step).map((f) => `${f.rule} ${f.pointer}`));
}
