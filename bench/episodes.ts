import type { Direction } from '../validators/context.ts';
import { BENCH_CLIENT, BENCH_PRINCIPALS, BENCH_SERVER, BENCH_TOOL, type BenchPrincipal } from './bench-session.ts';
import type { Prng } from './prng.ts';

/** The out-of-wire identity a generated message carries. */
export interface BenchContext {
  readonly subject: string;
  readonly tenant: string;
  readonly scopes: readonly string[];
  readonly authorization_revision: string;
}

/** One generated wire step before it is turned into text. */
export interface PlannedMessage {
  readonly direction: Direction;
  readonly message: Record<string, unknown>;
  readonly context?: BenchContext;
}

/** What an episode builder may draw on: randomness, fresh ids and the revision in force. */
export interface EpisodeEnv {
  readonly rng: Prng;
  readonly revision: string;
  /** A fresh id for a request sent in `direction`, never reused. */
  id(direction: Direction): string | number;
}

/** Builds one exchange: its messages in the order they must appear. */
export type Episode = (env: EpisodeEnv) => PlannedMessage[];

const C2S: Direction = 'client_to_server';
const S2C: Direction = 'server_to_client';

function request(direction: Direction, id: string | number, method: string, params?: Record<string, unknown>, context?: BenchContext): PlannedMessage {
  const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
  if (params !== undefined) message['params'] = params;
  return context ? { direction, message, context } : { direction, message };
}

function result(direction: Direction, id: string | number, value: Record<string, unknown>): PlannedMessage {
  return { direction, message: { jsonrpc: '2.0', id, result: value } };
}

function notification(direction: Direction, method: string, params?: Record<string, unknown>, context?: BenchContext): PlannedMessage {
  const message: Record<string, unknown> = { jsonrpc: '2.0', method };
  if (params !== undefined) message['params'] = params;
  return context ? { direction, message, context } : { direction, message };
}

function contextFor(p: BenchPrincipal, revision: string, scope: string): BenchContext {
  return { subject: p.subject, tenant: p.tenant, scopes: [scope], authorization_revision: revision };
}

function call(direction: Direction, method: string, params: Record<string, unknown> | undefined, answer: Record<string, unknown>, context?: BenchContext): Episode {
  return (env) => {
    const id = env.id(direction);
    const back: Direction = direction === C2S ? S2C : C2S;
    return [request(direction, id, method, params, context), result(back, id, answer)];
  };
}

/** The initialize handshake every generated session starts with. */
export function handshake(protocolVersion: string): PlannedMessage[] {
  return [
    request(C2S, 1, 'initialize', { protocolVersion, capabilities: BENCH_CLIENT.capabilities, clientInfo: BENCH_CLIENT.info }),
    result(S2C, 1, { protocolVersion, capabilities: BENCH_SERVER.capabilities, serverInfo: BENCH_SERVER.info }),
    notification(C2S, 'notifications/initialized'),
  ];
}

const ping: Episode = (env) => call(env.rng.chance(0.7) ? C2S : S2C, 'ping', undefined, {})(env);

const toolsList: Episode = (env) => call(C2S, 'tools/list', env.rng.chance(0.5) ? {} : undefined, { tools: [BENCH_TOOL] })(env);

const toolsCall: Episode = (env) => {
  const value = env.rng.int(10_000) / 10;
  const unit = env.rng.pick(['m', 'ft'] as const);
  const converted = unit === 'm' ? { value: Math.round(value * 3.2808) / 1000, unit: 'ft' } : { value: Math.round(value * 304.8) / 1000, unit: 'm' };
  if (env.rng.chance(0.15)) {
    return call(C2S, 'tools/call', { name: BENCH_TOOL.name, arguments: { value, unit } },
      { content: [{ type: 'text', text: 'the conversion service is unavailable' }], isError: true })(env);
  }
  return call(C2S, 'tools/call', { name: BENCH_TOOL.name, arguments: { value, unit } },
    { content: [{ type: 'text', text: JSON.stringify(converted) }], structuredContent: converted })(env);
};

const protocolError: Episode = (env) => {
  const id = env.id(C2S);
  return [
    request(C2S, id, 'tools/list'),
    { direction: S2C, message: { jsonrpc: '2.0', id, error: { code: -32603, message: 'internal error while listing tools' } } },
  ];
};

const resourcesList: Episode = (env) => {
  const p = env.rng.pick(BENCH_PRINCIPALS);
  const resources = p.uris.map((uri) => ({ uri, name: uri.slice(uri.lastIndexOf('/') + 1), mimeType: 'text/plain' }));
  return call(C2S, 'resources/list', {}, { resources }, contextFor(p, env.revision, 'resources:list'))(env);
};

const templatesList: Episode = (env) => {
  const p = env.rng.pick(BENCH_PRINCIPALS);
  return call(C2S, 'resources/templates/list', undefined,
    { resourceTemplates: [{ uriTemplate: p.template, name: 'docs', mimeType: 'text/markdown' }] },
    contextFor(p, env.revision, 'resources:list'))(env);
};

/** A read result: the resource as text and, now and then, its policy child (the resource after it, if any) as a blob; each URI once. */
function readResult(uri: string, rng: Prng, child?: string): Record<string, unknown> {
  const contents: Record<string, unknown>[] = [{ uri, mimeType: 'text/plain', text: `contents of ${uri} #${rng.int(1000)}` }];
  if (rng.chance(0.3) && child !== undefined) contents.push({ uri: child, mimeType: 'application/octet-stream', blob: 'AAECAwQFBgc=' });
  return { contents };
}

/** Reads one of the principal's explicit resources (a template match is no grant in the course profile). */
const resourcesRead: Episode = (env) => {
  const p = env.rng.pick(BENCH_PRINCIPALS);
  const at = env.rng.int(p.uris.length);
  const uri = p.uris[at] as string;
  return call(C2S, 'resources/read', { uri }, readResult(uri, env.rng, at === 0 ? p.uris[1] : undefined), contextFor(p, env.revision, 'resources:read'))(env);
};

/** Subscribe, a few updates (of the URI or its child), maybe a re-read, unsubscribe. */
const subscription: Episode = (env) => {
  const subscribers = BENCH_PRINCIPALS.filter((p) => p.subscribe);
  const p = env.rng.pick(subscribers);
  const uri = p.uris[0] as string;
  const child = p.uris[1] as string;
  const ctx = contextFor(p, env.revision, 'resources:subscribe');
  const sub = env.id(C2S);
  const out: PlannedMessage[] = [request(C2S, sub, 'resources/subscribe', { uri }, ctx), result(S2C, sub, {})];
  const updates = 1 + env.rng.int(3);
  for (let i = 0; i < updates; i++) {
    out.push(notification(S2C, 'notifications/resources/updated', { uri: env.rng.chance(0.5) ? uri : child }, ctx));
  }
  if (env.rng.chance(0.5)) {
    const read = env.id(C2S);
    out.push(request(C2S, read, 'resources/read', { uri }, contextFor(p, env.revision, 'resources:read')), result(S2C, read, readResult(uri, env.rng, child)));
  }
  const unsub = env.id(C2S);
  out.push(request(C2S, unsub, 'resources/unsubscribe', { uri }, ctx), result(S2C, unsub, {}));
  return out;
};

const rootsList: Episode = (env) =>
  call(S2C, 'roots/list', undefined, { roots: [{ uri: `file:///work/project-${env.rng.int(10)}`, name: 'project' }] })(env);

const listChanged: Episode = (env) => {
  const which = env.rng.int(3);
  if (which === 0) return [notification(C2S, 'notifications/roots/list_changed')];
  if (which === 1) return [notification(S2C, 'notifications/tools/list_changed')];
  return [notification(S2C, 'notifications/resources/list_changed')];
};

const sampling: Episode = (env) =>
  call(S2C, 'sampling/createMessage', {
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize item ${env.rng.int(1000)}.` } }],
    maxTokens: 64,
  }, { role: 'assistant', content: { type: 'text', text: 'A short summary.' }, model: 'bench-model', stopReason: 'endTurn' })(env);

const elicitation: Episode = (env) =>
  call(S2C, 'elicitation/create', {
    mode: 'form',
    message: 'Choose an output format.',
    requestedSchema: { type: 'object', properties: { format: { type: 'string', enum: ['pdf', 'html'] } }, required: ['format'] },
  }, { action: 'accept', content: { format: env.rng.pick(['pdf', 'html']) } })(env);

const tasksList: Episode = (env) => call(C2S, 'tasks/list', {}, { tasks: [] })(env);

/** Every episode kind with its weight in the mix; `exclusive` ones never overlap each other. */
export const EPISODES: readonly { readonly name: string; readonly weight: number; readonly build: Episode; readonly exclusive?: boolean }[] = [
  { name: 'ping', weight: 12, build: ping },
  { name: 'tools/list', weight: 6, build: toolsList },
  { name: 'tools/call', weight: 20, build: toolsCall },
  { name: 'error response', weight: 3, build: protocolError },
  { name: 'resources/list', weight: 8, build: resourcesList },
  { name: 'resources/templates/list', weight: 4, build: templatesList },
  { name: 'resources/read', weight: 14, build: resourcesRead },
  { name: 'subscription', weight: 8, build: subscription, exclusive: true },
  { name: 'roots/list', weight: 5, build: rootsList },
  { name: 'list_changed', weight: 6, build: listChanged },
  { name: 'sampling/createMessage', weight: 5, build: sampling },
  { name: 'elicitation/create', weight: 4, build: elicitation },
  { name: 'tasks/list', weight: 3, build: tasksList },
];
