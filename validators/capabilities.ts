import type { Direction, JsonObject } from './context.ts';
import type { Finding } from './finding.ts';
import { finding } from './rules/report.ts';
import { isJsonObject } from './shape.ts';
import { ruleById } from './rules/index.ts';

/** A capability a message needs: which side must have declared it, and its dotted path. */
export interface CapabilityNeed {
  readonly side: 'client' | 'server';
  /** Dotted path, e.g. `tasks.requests.tools.call`; a boolean leaf (`listChanged`, `subscribe`) must be `true`. */
  readonly path: string;
}

const BOOLEAN_LEAVES = new Set(['listChanged', 'subscribe']);

/** Dotted paths split once: the set of paths is small and fixed. */
const PATH_PARTS = new Map<string, readonly string[]>();

function partsOf(path: string): readonly string[] {
  let parts = PATH_PARTS.get(path);
  if (parts === undefined) {
    parts = path.split('.');
    if (PATH_PARTS.size < 256) PATH_PARTS.set(path, parts);
  }
  return parts;
}

/** True when `caps` declares the capability at the dotted `path`. */
export function hasCapability(caps: JsonObject | undefined, path: string): boolean {
  let node: unknown = caps;
  const parts = partsOf(path);
  for (let i = 0; i < parts.length; i++) {
    if (!isJsonObject(node)) return false;
    const key = parts[i] as string;
    node = node[key];
    if (i === parts.length - 1 && BOOLEAN_LEAVES.has(key)) return node === true;
  }
  return isJsonObject(node);
}

/** Form elicitation: `elicitation: {}` (no mode named) still means form support, for compatibility. */
function supportsFormElicitation(caps: JsonObject | undefined): boolean {
  const e = caps?.['elicitation'];
  if (!isJsonObject(e)) return false;
  return isJsonObject(e['form']) || (!('form' in e) && !('url' in e));
}

const STATIC_NEEDS: Readonly<Record<string, readonly CapabilityNeed[]>> = {
  'tools/list': [{ side: 'server', path: 'tools' }],
  'tools/call': [{ side: 'server', path: 'tools' }],
  'notifications/tools/list_changed': [{ side: 'server', path: 'tools.listChanged' }],
  'resources/list': [{ side: 'server', path: 'resources' }],
  'resources/templates/list': [{ side: 'server', path: 'resources' }],
  'resources/read': [{ side: 'server', path: 'resources' }],
  'resources/subscribe': [{ side: 'server', path: 'resources.subscribe' }],
  'resources/unsubscribe': [{ side: 'server', path: 'resources.subscribe' }],
  'notifications/resources/updated': [{ side: 'server', path: 'resources.subscribe' }],
  'notifications/resources/list_changed': [{ side: 'server', path: 'resources.listChanged' }],
  'prompts/list': [{ side: 'server', path: 'prompts' }],
  'prompts/get': [{ side: 'server', path: 'prompts' }],
  'notifications/prompts/list_changed': [{ side: 'server', path: 'prompts.listChanged' }],
  'logging/setLevel': [{ side: 'server', path: 'logging' }],
  'notifications/message': [{ side: 'server', path: 'logging' }],
  'completion/complete': [{ side: 'server', path: 'completions' }],
  'roots/list': [{ side: 'client', path: 'roots' }],
  'notifications/roots/list_changed': [{ side: 'client', path: 'roots.listChanged' }],
  'sampling/createMessage': [{ side: 'client', path: 'sampling' }],
  'elicitation/create': [{ side: 'client', path: 'elicitation' }],
};

/**
 * The capabilities a message needs, given its method, params and the side that sent it. `course`
 * reads them as the course profile's reference does: sampling needs sampling.tools for `tools`
 * alone (not for a bare toolChoice), and notifications/elicitation/complete needs elicitation.url.
 */
export function capabilityNeeds(method: string, params: unknown, direction: Direction, course = false): readonly CapabilityNeed[] {
  const p = isJsonObject(params) ? params : undefined;
  const receiver: CapabilityNeed['side'] = direction === 'client_to_server' ? 'server' : 'client';
  switch (method) {
    case 'tools/call':
      return p && 'task' in p
        ? [{ side: 'server', path: 'tools' }, { side: 'server', path: 'tasks.requests.tools.call' }]
        : (STATIC_NEEDS[method] ?? []);
    case 'sampling/createMessage': {
      const needs: CapabilityNeed[] = [{ side: 'client', path: 'sampling' }];
      if (p && ('tools' in p || (!course && 'toolChoice' in p))) needs.push({ side: 'client', path: 'sampling.tools' });
      const ctx = p?.['includeContext'];
      if (ctx === 'thisServer' || ctx === 'allServers') needs.push({ side: 'client', path: 'sampling.context' });
      if (p && 'task' in p) needs.push({ side: 'client', path: 'tasks.requests.sampling.createMessage' });
      return needs;
    }
    case 'elicitation/create': {
      const needs: CapabilityNeed[] = [{ side: 'client', path: p?.['mode'] === 'url' ? 'elicitation.url' : 'elicitation.form' }];
      if (p && 'task' in p) needs.push({ side: 'client', path: 'tasks.requests.elicitation.create' });
      return needs;
    }
    case 'notifications/elicitation/complete':
      return course ? [{ side: 'client', path: 'elicitation.url' }] : [];
    case 'tasks/list':
      return [{ side: receiver, path: 'tasks.list' }];
    case 'tasks/cancel':
      return [{ side: receiver, path: 'tasks.cancel' }];
    case 'tasks/get':
    case 'tasks/result':
      return [{ side: receiver, path: 'tasks' }];
    default:
      return STATIC_NEEDS[method] ?? [];
  }
}

/**
 * The capability gate: the first capability the message needs that its receiver (or, for
 * notifications about its own features, its sender) did not declare (`course`: as the course
 * profile reads the needs).
 */
export function checkCapabilities(
  method: string,
  params: unknown,
  direction: Direction,
  clientCaps: JsonObject | undefined,
  serverCaps: JsonObject | undefined,
  at: string,
  course = false,
): Finding | undefined {
  for (const need of capabilityNeeds(method, params, direction, course)) {
    const caps = need.side === 'client' ? clientCaps : serverCaps;
    const ok = need.path === 'elicitation.form' ? supportsFormElicitation(caps) : hasCapability(caps, need.path);
    if (!ok) {
      const rule = need.side === 'client' ? ruleById('capability/client-not-declared') : ruleById('capability/server-not-declared');
      return finding(rule, at, `${need.side} did not declare capability: ${need.path} (needed for ${method})`);
    }
  }
  return undefined;
}
