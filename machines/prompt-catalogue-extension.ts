import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { finding } from '../validators/rules/report.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, SessionExtension } from './extension.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

/** What a listed prompt declares of its arguments. */
interface PromptArguments {
  readonly required: ReadonlySet<string>;
  readonly declared: ReadonlySet<string>;
}

/**
 * The client's catalogue of prompts, learned from prompts/list results (a request without a
 * cursor starts a new listing; notifications/prompts/list_changed forgets it, and the pages of a
 * listing it interrupted are not the whole catalogue): once the client
 * has listed the prompts, prompts/get must name a listed prompt, give its required arguments
 * and no undeclared ones. Before any listing nothing is known, so nothing is checked.
 */
export class PromptCatalogue implements SessionExtension {
  readonly name = 'prompt-catalogue';
  #prompts: Map<string, PromptArguments> | undefined;
  /** A list_changed forgot the listing: its later pages are not the whole catalogue, until a listing starts again. */
  #forgotten = false;

  checkCall(call: CallEvent): readonly Finding[] {
    if (call.method !== 'prompts/get' || this.#prompts === undefined || call.direction !== 'client_to_server') return NO_FINDINGS;
    const name = call.params?.['name'];
    if (typeof name !== 'string') return NO_FINDINGS;
    const prompt = this.#prompts.get(name);
    // A prompt the server did not list, or an argument the prompt does not declare, is no finding:
    // no line forbids the client to ask (the server answers an invalid name -32602).
    if (!prompt) return NO_FINDINGS;
    const given = isJsonObject(call.params?.['arguments']) ? (call.params['arguments'] as JsonObject) : {};
    const out: Finding[] = [];
    for (const required of prompt.required) {
      if (!Object.hasOwn(given, required)) {
        out.push(finding(ruleById('prompts/missing-argument'), '/message/params/arguments',
          `prompt ${JSON.stringify(name)} requires argument ${JSON.stringify(required)}, which is missing`));
      }
    }
    return out.length === 0 ? NO_FINDINGS : out;
  }

  acceptCall(call: CallEvent): void {
    if (call.method === 'notifications/prompts/list_changed') {
      this.#prompts = undefined;
      this.#forgotten = true;
    }
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, _direction: Direction): void {
    if (!ok || pending.method !== 'prompts/list' || !result || !Array.isArray(result['prompts'])) return;
    const continues = isJsonObject(pending.params) && typeof pending.params['cursor'] === 'string';
    if (continues && this.#forgotten) return;
    if (!continues) this.#forgotten = false;
    if (!continues || this.#prompts === undefined) this.#prompts = new Map();
    for (const p of result['prompts'] as unknown[]) {
      if (!isJsonObject(p) || typeof p['name'] !== 'string') continue;
      const args = Array.isArray(p['arguments']) ? (p['arguments'] as unknown[]).filter(isJsonObject) : [];
      this.#prompts.set(p['name'], {
        declared: new Set(args.map((a) => a['name']).filter((n): n is string => typeof n === 'string')),
        required: new Set(args.filter((a) => a['required'] === true).map((a) => a['name']).filter((n): n is string => typeof n === 'string')),
      });
    }
  }

  view(): unknown {
    return this.#prompts === undefined ? 'not listed' : [...this.#prompts.keys()].sort();
  }
}

/** The prompt catalogue runs in the stateful specification profiles (the course one refuses prompts; a stateless revision has no session to remember a listing in). */
export function promptCatalogueExtension(profile: Profile): SessionExtension | undefined {
  return profile.id === 'course' || profile.stateless ? undefined : new PromptCatalogue();
}
