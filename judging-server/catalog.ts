// Why: a client is judged on what it does with a server's offer, so the judging server offers a
// little of everything a host meets: tools (one slow enough to be cancelled, one with an
// outputSchema, one that reports progress when asked), resources listed over three pages with a
// subscribable one among them, a template, and a prompt. The offer is data, the same every run,
// so that two runs of one client record the same messages.
import type { JsonObject } from '../validators/context.ts';

/** Items per page of tools/list, resources/list and prompts/list: every list takes three pages. */
export const PAGE_SIZE = 2;

/** The name of the tool that returns once the server's own scenarios have been played. */
export const SCENARIOS_TOOL = 'wait_for_scenarios';

/** The slow tool: it answers after `seconds` (default SLOW_DEFAULT_SECONDS) unless cancelled first. */
export const SLOW_TOOL = 'slow';
export const SLOW_DEFAULT_SECONDS = 30;
export const SLOW_MAX_SECONDS = 300;

/** The tool that sends notifications/progress when its request carries a progressToken. */
export const PROGRESS_TOOL = 'progress';

/** The subscribable resource: resources/updated follows a resources/subscribe to it. */
export const WATCHED_URI = 'mcp-statechart://judging-server/watched';

const OBJECT = 'object' as const;

/** The tools, in listing order (six: three pages). */
export const TOOLS: readonly JsonObject[] = [
  {
    name: 'echo',
    description: 'Returns its text.',
    inputSchema: { type: OBJECT, properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'add',
    description: 'Adds two numbers; the sum is also structured content.',
    inputSchema: { type: OBJECT, properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    outputSchema: { type: OBJECT, properties: { sum: { type: 'number' } }, required: ['sum'] },
  },
  {
    name: PROGRESS_TOOL,
    description: 'Counts to steps (default 3), sending notifications/progress for each when the request carries a progressToken.',
    inputSchema: { type: OBJECT, properties: { steps: { type: 'integer', minimum: 1, maximum: 10 } } },
  },
  {
    name: SLOW_TOOL,
    description: `Answers after seconds (default ${SLOW_DEFAULT_SECONDS}); a client that times out should cancel it.`,
    inputSchema: { type: OBJECT, properties: { seconds: { type: 'number', minimum: 0, maximum: SLOW_MAX_SECONDS } } },
  },
  {
    name: 'fail',
    description: 'Always reports a tool error (isError: true).',
    inputSchema: { type: OBJECT, properties: {} },
  },
  {
    name: SCENARIOS_TOOL,
    description: 'Returns once the server has played its scenarios (pings, roots, sampling, elicitation, list changes), with what was played.',
    inputSchema: { type: OBJECT, properties: {} },
  },
];

/** The resources, in listing order (six: three pages); the watched one accepts subscriptions. */
export const RESOURCES: readonly JsonObject[] = [
  { uri: 'mcp-statechart://judging-server/readme', name: 'readme', mimeType: 'text/plain' },
  { uri: WATCHED_URI, name: 'watched', description: 'Changes after each subscribe (resources/updated follows).', mimeType: 'text/plain' },
  { uri: 'mcp-statechart://judging-server/config.json', name: 'config', mimeType: 'application/json' },
  { uri: 'mcp-statechart://judging-server/notes/1', name: 'note-1', mimeType: 'text/plain' },
  { uri: 'mcp-statechart://judging-server/notes/2', name: 'note-2', mimeType: 'text/plain' },
  { uri: 'mcp-statechart://judging-server/blob', name: 'blob', mimeType: 'application/octet-stream' },
];

/** The resource templates (one page). */
export const RESOURCE_TEMPLATES: readonly JsonObject[] = [
  { uriTemplate: 'mcp-statechart://judging-server/notes/{n}', name: 'note', mimeType: 'text/plain' },
];

/** The prompts, in listing order (five: three pages). */
export const PROMPTS: readonly JsonObject[] = [
  { name: 'greet', description: 'Greets someone.', arguments: [{ name: 'name', description: 'who', required: true }] },
  { name: 'summarize', description: 'Asks for a summary of the readme.' },
  { name: 'plain', description: 'A prompt without arguments.' },
  { name: 'review', description: 'Asks for a review.', arguments: [{ name: 'topic', required: false }] },
  { name: 'farewell', description: 'Says goodbye.' },
];

/** What resources/read returns for a URI of the offer (or a note of the template), or undefined. */
export function resourceContents(uri: string, version: number): JsonObject | undefined {
  if (uri === 'mcp-statechart://judging-server/blob') return { uri, mimeType: 'application/octet-stream', blob: Buffer.from('mcp-statechart').toString('base64') };
  if (uri === WATCHED_URI) return { uri, mimeType: 'text/plain', text: `version ${version}` };
  if (uri === 'mcp-statechart://judging-server/config.json') return { uri, mimeType: 'application/json', text: '{"judged": true}' };
  const listed = RESOURCES.find((r) => r['uri'] === uri);
  if (listed !== undefined) return { uri, mimeType: 'text/plain', text: `the ${String(listed['name'])} resource of the judging server` };
  if (/^mcp-statechart:\/\/judging-server\/notes\/\d{1,6}$/.test(uri)) return { uri, mimeType: 'text/plain', text: `note ${uri.slice(uri.lastIndexOf('/') + 1)}` };
  return undefined;
}

/** The messages of prompts/get for a prompt of the offer, or a reason it cannot be given. */
export function promptMessages(name: string, args: Readonly<Record<string, unknown>>): JsonObject[] | string {
  const prompt = PROMPTS.find((p) => p['name'] === name);
  if (prompt === undefined) return `no prompt named ${JSON.stringify(name)}`;
  const required = ((prompt['arguments'] ?? []) as JsonObject[]).filter((a) => a['required'] === true).map((a) => String(a['name']));
  const missing = required.find((a) => typeof args[a] !== 'string');
  if (missing !== undefined) return `the ${name} prompt requires the string argument ${missing}`;
  const who = typeof args['name'] === 'string' ? args['name'] : 'there';
  const text = name === 'greet' ? `Say hello to ${who}.` : `${String(prompt['description'])}`;
  return [{ role: 'user', content: { type: 'text', text } }];
}

/** The cursor of the page that starts at `offset` of the list `list`: opaque to the client, checked on return. */
export function cursorFor(list: string, offset: number): string {
  return Buffer.from(`${list}:${offset}`).toString('base64url');
}

/** The offset a cursor stands for in `list`, or undefined when it is not one this server gave for that list. */
export function offsetOf(list: string, cursor: unknown, length: number): number | undefined {
  if (typeof cursor !== 'string' || cursor.length > 64) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^([a-z/]+):(\d{1,4})$/.exec(text);
  if (m === null || m[1] !== list || cursorFor(list, Number(m[2])) !== cursor) return undefined;
  const offset = Number(m[2]);
  return offset > 0 && offset < length ? offset : undefined;
}

/** One page of `items` for a request's params: the page, its nextCursor, or undefined for a cursor this server never gave. */
export function page(list: string, items: readonly JsonObject[], params: unknown): { items: JsonObject[]; nextCursor?: string } | undefined {
  const cursor = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)['cursor'] : undefined;
  const offset = cursor === undefined ? 0 : offsetOf(list, cursor, items.length);
  if (offset === undefined) return undefined;
  const end = offset + PAGE_SIZE;
  return { items: items.slice(offset, end), ...(end < items.length ? { nextCursor: cursorFor(list, end) } : {}) };
}
