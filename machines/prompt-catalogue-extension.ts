import type { InspectionEvent } from 'xstate';
import { profileFacts } from '../validators/profiles.ts';
import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionOptions, SessionExtension } from './extension.ts';
import { GatedActor } from './gated-actor.ts';
import { promptCatalogueMachine, type ListedPrompt } from './prompt-catalogue.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';

/** The prompts of a prompts/list result as the catalogue keeps them: each named prompt with its required arguments. */
function listedPrompts(prompts: readonly unknown[]): ListedPrompt[] {
  const out: ListedPrompt[] = [];
  for (const p of prompts) {
    if (!isJsonObject(p) || typeof p['name'] !== 'string') continue;
    const args = Array.isArray(p['arguments']) ? (p['arguments'] as unknown[]).filter(isJsonObject) : [];
    const required = new Set(args.filter((a) => a['required'] === true).map((a) => a['name']).filter((n): n is string => typeof n === 'string'));
    out.push({ name: p['name'], required: [...required] });
  }
  return out;
}

/**
 * The session's wiring of the prompt catalogue chart (machines/prompt-catalogue.ts): prompts/get,
 * prompts/list results and notifications/prompts/list_changed become its events. A prompts/get is
 * judged before the session accepts it; a page and a list change are taken once the session has.
 * The chart starts with the first such message, so a session without prompts runs none.
 */
export class PromptCatalogue implements SessionExtension {
  readonly name = 'prompt-catalogue';
  readonly #inspect: ((event: InspectionEvent) => void) | undefined;
  #actor: GatedActor<typeof promptCatalogueMachine> | undefined;

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.#inspect = inspect;
  }

  #chart(): GatedActor<typeof promptCatalogueMachine> {
    this.#actor ??= new GatedActor(promptCatalogueMachine, undefined, this.#inspect);
    return this.#actor;
  }

  checkCall(call: CallEvent): readonly Finding[] {
    if (call.method !== 'prompts/get' || call.direction !== 'client_to_server') return NO_FINDINGS;
    const name = call.params?.['name'];
    if (typeof name !== 'string') return NO_FINDINGS;
    const given = call.params?.['arguments'];
    return this.#chart().check({ type: 'get', name, arguments: isJsonObject(given) ? (given as JsonObject) : {} });
  }

  acceptCall(call: CallEvent): void {
    if (call.method === 'notifications/prompts/list_changed') this.#chart().send({ type: 'list_changed' });
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, _direction: Direction): void {
    if (!ok || pending.method !== 'prompts/list' || !result || !Array.isArray(result['prompts'])) return;
    const cursor = isJsonObject(pending.params) ? pending.params['cursor'] : undefined;
    this.#chart().send({ type: 'page', cursor: typeof cursor === 'string' ? cursor : undefined, prompts: listedPrompts(result['prompts'] as unknown[]) });
  }

  view(): unknown {
    const snapshot = this.#actor?.snapshot;
    return snapshot?.value !== 'listed' ? 'not listed' : [...snapshot.context.prompts.keys()].sort();
  }

  stop(): void {
    this.#actor?.stop();
  }
}

/** The prompt catalogue runs in the stateful specification profiles (the course one refuses prompts; a stateless revision has no session to remember a listing in). */
export function promptCatalogueExtension(profile: Profile, options?: ExtensionOptions): SessionExtension | undefined {
  return profileFacts(profile).coreMachinesOnly || profile.stateless ? undefined : new PromptCatalogue(options?.inspect);
}
