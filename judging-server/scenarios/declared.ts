// Why: the scenarios a server plays depend on what the client declared; this reads a declaration.
import type { JsonObject } from '../../validators/context.ts';
import { isJsonObject } from '../../validators/shape.ts';

/** The member `key` of the client's capabilities, when it is an object. */
export function capability(capabilities: JsonObject | null, key: string): JsonObject | undefined {
  const value = capabilities?.[key];
  return isJsonObject(value) ? value : undefined;
}

/** The elicitation modes the client declared: `elicitation: {}` is form mode alone (the 2025-06-18 shape). */
export function elicitationModes(capabilities: JsonObject | null): { form: boolean; url: boolean } {
  const elicitation = capability(capabilities, 'elicitation');
  if (elicitation === undefined) return { form: false, url: false };
  const form = isJsonObject(elicitation['form']);
  const url = isJsonObject(elicitation['url']);
  return { form: form || !url, url };
}
