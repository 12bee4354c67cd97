// Why: a host is judged on what it must do when a server asks or tells it something, and only on
// what it said it supports. The scenarios are named here once, each from its own file: what each
// exercises, who starts it (the server plays its requests and notifications after
// notifications/initialized; the client starts the others by listing, subscribing and calling
// tools), and whether it applies to what the client declared. `check-client --scenario NAME` picks
// some; the client is told the same names.
import type { JsonObject } from '../../validators/context.ts';
import { TOOLS } from '../catalog.ts';
import { isJsonObject } from '../../validators/shape.ts';
import { cancel } from './cancel.ts';
import type { ScenarioEntry } from './context.ts';
import { capability, elicitationModes } from './declared.ts';
import { elicitationForm } from './elicitation-form.ts';
import { elicitationUrl } from './elicitation-url.ts';
import { invalidHeaderTool, invalidlyAnnotatedFail } from './invalid-header-tool.ts';
import { listChanged } from './list-changed.ts';
import { pagination } from './pagination.ts';
import { annotatedEcho, paramHeaders } from './param-headers.ts';
import { ping } from './ping.ts';
import { progress } from './progress.ts';
import { retry } from './retry.ts';
import { roots } from './roots.ts';
import { sampling } from './sampling.ts';
import { subscribe } from './subscribe.ts';
import { undeclared } from './undeclared.ts';

export { elicitationModes };

/** Every scenario, in the order the server plays its own. */
export const SCENARIOS = {
  'ping': ping,
  'roots': roots,
  'sampling': sampling,
  'elicitation-form': elicitationForm,
  'elicitation-url': elicitationUrl,
  'list-changed': listChanged,
  'undeclared': undeclared,
  'pagination': pagination,
  'subscribe': subscribe,
  'progress': progress,
  'retry': retry,
  'cancel': cancel,
  'param-headers': paramHeaders,
  'invalid-header-tool': invalidHeaderTool,
} as const satisfies Record<string, ScenarioEntry>;

/** A scenario's name. */
export type ScenarioName = keyof typeof SCENARIOS;

/** Every scenario's name, in order. */
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

/** Whether `name` names a scenario. */
export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(SCENARIOS, name);
}

/** The tools 2026-07-28 offers: echo's text annotated (param-headers) and fail invalidly annotated (invalid-header-tool), as chosen. */
export function modernTools(chosen: ReadonlySet<ScenarioName>): readonly JsonObject[] {
  return TOOLS.map((tool) => tool['name'] === 'echo' && chosen.has('param-headers') ? annotatedEcho(tool)
    : tool['name'] === 'fail' && chosen.has('invalid-header-tool') ? invalidlyAnnotatedFail(tool)
      : tool);
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
  const samplingDeclared = capability(capabilities, 'sampling');
  const rootsDeclared = capability(capabilities, 'roots') !== undefined;
  const undeclaredProbe = !chosen.has('undeclared') ? undefined
    : !rootsDeclared ? 'roots'
      : modes.form && !modes.url && urlKnown ? 'elicitation-url'
        : modes.url && !modes.form ? 'elicitation-form'
          : undefined;
  return {
    ping: chosen.has('ping'),
    roots: chosen.has('roots') && rootsDeclared,
    sampling: chosen.has('sampling') && samplingDeclared !== undefined,
    samplingTools: chosen.has('sampling') && samplingDeclared !== undefined && isJsonObject(samplingDeclared['tools']) && urlKnown,
    elicitationForm: chosen.has('elicitation-form') && modes.form,
    elicitationUrl: chosen.has('elicitation-url') && modes.url && urlKnown,
    listChanged: chosen.has('list-changed'),
    undeclared: undeclaredProbe,
  };
}
