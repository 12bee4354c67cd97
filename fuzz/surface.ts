// Why: most of a server is its tools, and most of its bugs are in their answers, some only for
// some valid inputs or only when two calls overlap. Fuzz learns the tools from tools/list at the
// start of a search and draws calls of those the --exercise policy allows, with arguments from
// each tool's inputSchema (exercise/): valid ones, and a share deliberately invalid. fast-check
// shrinks the arguments with the sequence (integers toward the lower bound, strings toward the
// shortest). The executors learn the tools again on each run and play a call only when the target
// lists the tool and the policy allows it, so a saved trace cannot make a replay call anything else.
import fc from 'fast-check';
import type { Action } from '../trace/action-schema.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { invalidArguments, validArguments } from '../exercise/schema-arguments.ts';
import { promptArgumentsArbitrary } from '../exercise/prompt-arguments.ts';
import { argumentsOf } from '../live/list-items.ts';
import { templateVariables } from '../live/exercise-plan.ts';
import { toolRefusal, type ExerciseMode } from '../exercise/tool-policy.ts';

export { MAX_TOOL_PAGES } from '../exercise/tool-pages.ts';
/** The most tools whose calls a search draws. */
const MAX_TOOLS = 64;

/** The most prompts and resource templates whose gets and reads a search draws, each. */
const MAX_PROMPTS = 16;

/** What fuzz knows of a server's own surface: its listed tools, prompts and resource templates (as the lists gave them; the first page of the last two). */
export interface Surface {
  readonly tools: readonly JsonObject[];
  readonly prompts?: readonly JsonObject[];
  readonly templates?: readonly JsonObject[];
}

/**
 * Whether a URI template is one fuzz expands: one to eight variables, none with a prefix or explode
 * modifier (what expandTemplate writes the same way every client would).
 */
export function simpleTemplate(template: string): boolean {
  if (template.length > 2048) return false;
  const expressions = [...template.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] ?? '');
  if (expressions.length === 0 || expressions.some((e) => /[*:]/.test(e) || e.replace(/^[+#./;?&]/, '') === '')) return false;
  const variables = templateVariables(template);
  return variables.length > 0 && variables.length <= 8;
}

/** No tools: today's sequences. */
export const NO_SURFACE: Surface = { tools: [] };

/** The tools of a listing that `mode` allows calling, by name (the first of a name listed twice). */
export function callableTools(tools: readonly JsonObject[], mode: ExerciseMode): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  for (const tool of tools) {
    const name = tool['name'];
    if (typeof name !== 'string' || out.has(name) || !isJsonObject(tool['inputSchema'])) continue;
    if (toolRefusal(tool, mode) === undefined) out.set(name, tool);
  }
  return out;
}

/** The weighted draws of calls of the surface's tools: valid arguments mostly, invalid ones sometimes. */
export function surfaceChoices(surface: Surface, mode: ExerciseMode): { readonly kind: Action['kind']; readonly arbitrary: fc.Arbitrary<Action>; readonly weight: number }[] {
  if (mode === 'none') return [];
  const valid: fc.Arbitrary<Action>[] = [];
  const invalid: fc.Arbitrary<Action>[] = [];
  for (const [tool, descriptor] of [...callableTools(surface.tools, mode)].slice(0, MAX_TOOLS)) {
    const schema = descriptor['inputSchema'];
    const good = validArguments(schema);
    if (!('unsupported' in good)) valid.push(good.map((args) => ({ kind: 'call', args: { tool, arguments: args } }) as const));
    const bad = invalidArguments(schema);
    if (bad !== undefined) invalid.push(bad.map(({ args, how }) => ({ kind: 'invalid-call', args: { tool, arguments: args, how } }) as const));
  }
  const prompts: fc.Arbitrary<Action>[] = [];
  for (const prompt of (surface.prompts ?? []).slice(0, MAX_PROMPTS)) {
    const name = prompt['name'];
    if (typeof name !== 'string' || name === '' || name.length > 256) continue;
    const declared = argumentsOf(prompt).filter((a) => typeof a['name'] === 'string' && a['name'].length <= 256).map((a) => ({ name: a['name'] as string, required: a['required'] === true }));
    prompts.push(promptArgumentsArbitrary(declared).map((args) => ({ kind: 'prompt', args: { name, arguments: args } }) as const));
  }
  const reads: fc.Arbitrary<Action>[] = [];
  for (const descriptor of (surface.templates ?? []).slice(0, MAX_PROMPTS)) {
    const template = descriptor['uriTemplate'];
    if (typeof template !== 'string' || !simpleTemplate(template)) continue;
    const variables = templateVariables(template).map((name) => ({ name, required: true }));
    reads.push(promptArgumentsArbitrary(variables).map((values) => ({ kind: 'read', args: { template, values } }) as const));
  }
  const out: { kind: Action['kind']; arbitrary: fc.Arbitrary<Action>; weight: number }[] = [];
  if (valid.length > 0) out.push({ kind: 'call', arbitrary: valid.length === 1 ? (valid[0] as fc.Arbitrary<Action>) : fc.oneof(...valid), weight: 6 });
  if (invalid.length > 0) out.push({ kind: 'invalid-call', arbitrary: invalid.length === 1 ? (invalid[0] as fc.Arbitrary<Action>) : fc.oneof(...invalid), weight: 2 });
  if (prompts.length > 0) out.push({ kind: 'prompt', arbitrary: prompts.length === 1 ? (prompts[0] as fc.Arbitrary<Action>) : fc.oneof(...prompts), weight: 2 });
  if (reads.length > 0) out.push({ kind: 'read', arbitrary: reads.length === 1 ? (reads[0] as fc.Arbitrary<Action>) : fc.oneof(...reads), weight: 2 });
  return out;
}
