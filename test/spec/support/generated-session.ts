// Why: a generated message is judged the way traffic is: in a session that declares every
// capability of its revision (so no capability gate hides a shape), after the handshake where the
// revision has one. A stateful rejection stops the session before the message's own shape checks,
// so those validators also run directly, as fixture-messages.ts does for the fixtures.
import { Session, type Step } from '../../../machines/session.ts';
import type { JsonObject, Profile } from '../../../validators/context.ts';
import { classifyMessage } from '../../../validators/envelope.ts';
import type { Finding } from '../../../validators/finding.ts';
import { isNotificationMethod, isRequestMethod, methodTable } from '../../../validators/methods.ts';
import { ownValidatorFindings } from './fixture-messages.ts';
import type { Revision } from './official-schema.ts';
import type { Answered } from './schema-verdict.ts';

const CLIENT_2025_06_18: JsonObject = { roots: { listChanged: true }, sampling: {}, elicitation: {}, experimental: {} };
const SERVER_2025_06_18: JsonObject = {
  logging: {}, completions: {}, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, tools: { listChanged: true }, experimental: {},
};
const CLIENT_LATER: JsonObject = {
  ...CLIENT_2025_06_18,
  sampling: { context: {}, tools: {} },
  elicitation: { form: {}, url: {} },
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};
const SERVER_LATER: JsonObject = { ...SERVER_2025_06_18, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };

/** Every capability each revision defines, for the client and the server. */
export const ALL_CAPABILITIES: Readonly<Record<Revision, { readonly client: JsonObject; readonly server: JsonObject }>> = {
  '2025-06-18': { client: CLIENT_2025_06_18, server: SERVER_2025_06_18 },
  '2025-11-25': { client: CLIENT_LATER, server: SERVER_LATER },
  '2026-07-28': { client: CLIENT_LATER, server: SERVER_LATER },
};

/** A session of `profile` (speaking `revision`) ready for traffic: every capability declared, the handshake played. */
export function readySession(profile: Profile, revision: Revision): Session {
  const caps = ALL_CAPABILITIES[revision];
  if (profile.stateless) return new Session({ profile, capabilities: caps });
  const session = new Session({ profile });
  const version = profile.protocolVersion;
  const handshake: Step[] = [
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 'handshake', method: 'initialize', params: { protocolVersion: version, capabilities: caps.client, clientInfo: { name: 'fuzz-client', version: '1.0.0' } } } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 'handshake', result: { protocolVersion: version, capabilities: caps.server, serverInfo: { name: 'fuzz-server', version: '1.0.0' } } } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
  ];
  for (const step of handshake) {
    const found = session.feed(step);
    if (found.some((f) => f.severity === 'error')) throw new Error(`handshake rejected: ${found.map((f) => f.rule).join(', ')}`);
  }
  return session;
}

/**
 * Every finding on one message: the envelope's, the message's own params or result validators'
 * (run directly, with the request it answers), and the session's; each rule and pointer once.
 */
export function judgeMessage(session: Session, profile: Profile, direction: Step extends infer S ? S extends { direction: infer D } ? D : never : never, message: unknown, answered: Answered | undefined): Finding[] {
  const table = methodTable(profile);
  const out: Finding[] = [];
  const classified = classifyMessage(message, '/message', (m) => isNotificationMethod(m, table), (m) => isRequestMethod(m, table));
  out.push(...classified.findings);
  out.push(...ownValidatorFindings(table, classified.envelope, answered, session.validationContext));
  out.push(...session.feed({ direction, message } as Step));
  const seen = new Set<string>();
  return out.filter((f) => {
    const key = `${f.rule} ${f.pointer} ${f.severity}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
