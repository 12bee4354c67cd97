// Why: a host is judged on what it must do when a server asks or tells it something, and only on
// what it said it supports. The scenarios are named here once: what each exercises, who starts it
// (the server plays its requests and notifications after notifications/initialized; the client
// starts the others by listing, subscribing and calling tools), and whether it applies to what the
// client declared. `check-client --scenario NAME` picks some; the client is told the same names.
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';

/** Every scenario, in the order the server plays its own. */
export const SCENARIOS = {
  'ping': { by: 'server', text: 'the server pings; the client must answer with an empty result, promptly' },
  'roots': { by: 'server', text: 'roots/list, when the client declared roots (each root a file:// URI)' },
  'sampling': { by: 'server', text: 'sampling/createMessage, when the client declared sampling (with tools too when it declared sampling.tools)' },
  'elicitation-form': { by: 'server', text: 'elicitation/create in form mode, when the client declared it; an accepted answer must fit the requested schema' },
  'elicitation-url': { by: 'server', text: 'elicitation/create in URL mode (2025-11-25), when the client declared it' },
  'list-changed': { by: 'server', text: 'notifications/tools/list_changed, resources/list_changed and prompts/list_changed, once wait_for_scenarios is answered (2026-07-28: on the client\'s listen streams, each then dropped over HTTP)' },
  'undeclared': { by: 'server', text: 'a request for what the client did not declare (roots/list, or an elicitation mode); the client should refuse it with an error' },
  'pagination': { by: 'client', text: 'tools, resources and prompts are listed over three pages each; a cursor goes back unchanged' },
  'subscribe': { by: 'client', text: `resources/subscribe to the watched resource is followed by notifications/resources/updated` },
  'progress': { by: 'client', text: 'the progress tool sends notifications/progress when its call carries a progressToken' },
  'retry': { by: 'server', text: '2026-07-28: wait_for_scenarios is answered input_required first; the client retries with a new id, the requestState echoed and every input answered' },
  'cancel': { by: 'client', text: 'the slow tool answers late; a client with a timeout cancels it with notifications/cancelled' },
} as const satisfies Record<string, { by: 'server' | 'client'; text: string }>;

/** A scenario's name. */
export type ScenarioName = keyof typeof SCENARIOS;

/** Every scenario's name, in order. */
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

/** Whether `name` names a scenario. */
export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(SCENARIOS, name);
}

/** The member `key` of the client's capabilities, when it is an object. */
function capability(capabilities: JsonObject | null, key: string): JsonObject | undefined {
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

/** What the server's part of the run plays, given what the client declared and the negotiated version. */
export interface Plan {
  readonly ping: boolean;
  readonly roots: boolean;
  readonly sampling: boolean;
  readonly samplingTools: boolean;
  readonly elicitationForm: boolean;
  readonly elicitationUrl: boolean;
  readonly listChanged: boolean;
  /** The probe to send for what the client did not declare, if any applies. */
  readonly undeclared: 'roots' | 'elicitation-url' | 'elicitation-form' | undefined;
}

/** The server's plan for one session: the chosen scenarios that apply to the client's declaration. */
export function planFor(chosen: ReadonlySet<ScenarioName>, capabilities: JsonObject | null, version: string): Plan {
  const modes = elicitationModes(capabilities);
  const urlKnown = version !== '2025-06-18';
  const sampling = capability(capabilities, 'sampling');
  const roots = capability(capabilities, 'roots') !== undefined;
  const undeclared = !chosen.has('undeclared') ? undefined
    : !roots ? 'roots'
      : modes.form && !modes.url && urlKnown ? 'elicitation-url'
        : modes.url && !modes.form ? 'elicitation-form'
          : undefined;
  return {
    ping: chosen.has('ping'),
    roots: chosen.has('roots') && roots,
    sampling: chosen.has('sampling') && sampling !== undefined,
    samplingTools: chosen.has('sampling') && sampling !== undefined && isJsonObject(sampling['tools']) && urlKnown,
    elicitationForm: chosen.has('elicitation-form') && modes.form,
    elicitationUrl: chosen.has('elicitation-url') && modes.url && urlKnown,
    listChanged: chosen.has('list-changed'),
    undeclared,
  };
}
