/** What a finding's pointer is inside of, named as people know it: `tool "echo"`, `resource "kb://doc"`. */
export interface FindingTarget {
  readonly kind: 'tool' | 'prompt' | 'resource' | 'resource template' | 'task';
  readonly name: string;
}

type Kind = FindingTarget['kind'];

/** List members whose items are named things, the kind of item, and the member that names one. */
const LISTS: Readonly<Record<string, readonly [Kind, string]>> = {
  tools: ['tool', 'name'],
  prompts: ['prompt', 'name'],
  resources: ['resource', 'uri'],
  contents: ['resource', 'uri'],
  resourceTemplates: ['resource template', 'uriTemplate'],
  tasks: ['task', 'taskId'],
};

/** Requests whose params name one thing, the kind, and the member naming it. */
const PARAMS: Readonly<Record<string, readonly [Kind, string]>> = {
  'tools/call': ['tool', 'name'],
  'prompts/get': ['prompt', 'name'],
  'resources/read': ['resource', 'uri'],
  'resources/subscribe': ['resource', 'uri'],
  'resources/unsubscribe': ['resource', 'uri'],
  'notifications/resources/updated': ['resource', 'uri'],
  'tasks/get': ['task', 'taskId'],
  'tasks/result': ['task', 'taskId'],
  'tasks/cancel': ['task', 'taskId'],
  'notifications/tasks/status': ['task', 'taskId'],
};

/**
 * What findingTarget needs of a request's params to name what its answer is about: the one member
 * naming it (`{ name: "echo" }` of a tools/call), or undefined; so a table of requests keeps that
 * alone, not the params.
 */
export function namingParams(method: string, params: unknown): { readonly [member: string]: string } | undefined {
  const named = PARAMS[method];
  const name = named !== undefined && isObject(params) ? params[named[1]] : undefined;
  return named !== undefined && typeof name === 'string' ? { [named[1]]: name } : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The named thing a finding's JSON Pointer (into a step, `/message/...`) points inside: an item of
 * a list (`/message/result/tools/8/inputSchema` is inside that tool), or the one thing a request's
 * params name (`/message/params/arguments/x` of a tools/call). `request` is the request a response
 * answers, when known, so that a result is tied to the tool its call named.
 */
export function findingTarget(message: unknown, pointer: string, request?: { method: string; params?: unknown }): FindingTarget | undefined {
  const path = tokens(pointer);
  if (path[0] !== 'message' || !isObject(message)) return undefined;
  let found: FindingTarget | undefined;
  const method = typeof message['method'] === 'string' ? message['method'] : undefined;
  const named = method === undefined ? undefined : PARAMS[method];
  if (named && path[1] === 'params' && isObject(message['params'])) {
    const name = message['params'][named[1]];
    if (typeof name === 'string') found = { kind: named[0], name };
  }
  if (request && path[1] === 'result') {
    const own = PARAMS[request.method];
    const name = own && isObject(request.params) ? request.params[own[1]] : undefined;
    if (own && typeof name === 'string') found = { kind: own[0], name };
  }
  let at: unknown = message;
  for (let i = 1; i < path.length; i++) {
    const key = path[i] as string;
    const list = LISTS[path[i - 1] as string];
    if (Array.isArray(at)) {
      at = /^(0|[1-9][0-9]*)$/.test(key) ? at[Number(key)] : undefined;
      const name = list && isObject(at) ? at[list[1]] : undefined;
      if (list && typeof name === 'string') found = { kind: list[0], name };
    } else if (isObject(at) && Object.hasOwn(at, key)) {
      at = at[key];
    } else {
      break;
    }
  }
  return found;
}
