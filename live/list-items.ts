// Why: a check of either era reads the same lists (the capability that offers each, the member its
// items are in) and builds its completion request from what they listed.
import type { JsonObject } from '../validators/context.ts';
import type { Answer } from './exchange.ts';
import { isJsonObject } from '../validators/shape.ts';

/** A list method, the capability that offers it, and the member its items are in. */
export const LISTS = [
  { method: 'tools/list', capability: 'tools', items: 'tools' },
  { method: 'resources/list', capability: 'resources', items: 'resources' },
  { method: 'resources/templates/list', capability: 'resources', items: 'resourceTemplates' },
  { method: 'prompts/list', capability: 'prompts', items: 'prompts' },
] as const;

/** What the lists held, by item member. */
export type Listed = Record<(typeof LISTS)[number]['items'], JsonObject[]>;

/** A prompt's arguments (only well-formed ones). */
export function argumentsOf(prompt: JsonObject): JsonObject[] {
  const args = prompt['arguments'];
  return Array.isArray(args) ? args.filter(isJsonObject) : [];
}

/** Params for one completion request: a prompt's first argument, else a template's first variable. */
export function completionParams(listed: Listed): JsonObject | undefined {
  for (const prompt of listed.prompts) {
    const arg = argumentsOf(prompt).find((a) => typeof a['name'] === 'string');
    if (typeof prompt['name'] === 'string' && arg !== undefined) {
      return { ref: { type: 'ref/prompt', name: prompt['name'] }, argument: { name: arg['name'] as string, value: '' } };
    }
  }
  for (const template of listed.resourceTemplates) {
    const uri = template['uriTemplate'];
    const variable = typeof uri === 'string' ? /\{[+#./;?&]?([A-Za-z0-9_]+)/.exec(uri)?.[1] : undefined;
    if (typeof uri === 'string' && variable !== undefined) {
      return { ref: { type: 'ref/resource', uri }, argument: { name: variable, value: '' } };
    }
  }
  return undefined;
}

/**
 * Reads every page of a list into `listed`, following nextCursor until it is absent, empty or seen
 * before, within `maxPages`; false when the connection ended. `request` sends one page's request
 * (with its cursor, or none for the first page) the way the era's driver sends requests.
 */
export async function listAllPages(request: (cursor: string | undefined) => Promise<Answer>, items: keyof Listed, listed: Listed, maxPages: number): Promise<boolean> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = await request(cursor);
    if (answer.kind === 'ended') return false;
    if (answer.kind !== 'result') return true;
    const list = answer.result[items];
    if (Array.isArray(list)) for (const item of list) if (isJsonObject(item)) listed[items].push(item);
    const next = answer.result['nextCursor'];
    if (typeof next !== 'string' || next === '' || seen.has(next)) return true;
    seen.add(next);
    cursor = next;
  }
  return true;
}

/**
 * Why a named call of a tool no page of the listing named is not sent: a careful client calls only
 * what the server offers (the course profile's tools/unknown-tool; no line forbids it elsewhere, so
 * it is the checker's own restraint, never a finding).
 */
export function unlistedTool(name: string): string {
  return `unknown tool ${JSON.stringify(name)}: the server listed no such tool, so the check does not call it`;
}
