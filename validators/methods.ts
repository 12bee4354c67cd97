import type { Direction, MethodValidators, Profile } from './context.ts';
import { elicitationMethods } from './elicitation.ts';
import { initializeMethods } from './initialize.ts';
import { resourcesMethods } from './resources.ts';
import { rootsMethods } from './roots.ts';
import { samplingMethods } from './sampling.ts';
import { tasksMethods } from './tasks.ts';
import { toolsMethods } from './tools.ts';
import { pingMethods } from './ping.ts';
import { promptsMethods } from './prompts.ts';
import { loggingMethods } from './logging.ts';
import { completionMethods } from './completion.ts';
import { utilityMethods } from './utilities.ts';
import { modernMethods, modernValidators } from './modern.ts';
import { revisionFacts } from './profiles.ts';

/** Who may send a method. */
export type Sender = 'client' | 'server' | 'both';

/** One row of the method direction table. */
export interface MethodSpec {
  readonly method: string;
  readonly kind: 'request' | 'notification';
  readonly sender: Sender;
  /** The scope an authorization-bound method requires; such messages need a transport context. */
  readonly scope?: string;
  /** False where the course profile cannot validate the method and rejects it outright. */
  readonly course: boolean;
  /** The specification revisions that define the method. */
  readonly revisions: readonly Profile['revision'][];
  /** Revisions in which another side sends the method than `sender` says. */
  readonly senderIn?: Readonly<Partial<Record<Profile['revision'], Sender>>>;
  readonly validators: MethodValidators;
}

const NO_VALIDATORS: MethodValidators = {};
const SESSION_REVISIONS: readonly Profile['revision'][] = ['2025-06-18', '2025-11-25'];
const SINCE_2025_11_25: readonly Profile['revision'][] = ['2025-11-25'];
const ALL: readonly Profile['revision'][] = ['2025-06-18', '2025-11-25', '2026-07-28'];
const STATELESS: readonly Profile['revision'][] = ['2026-07-28'];

function row(
  method: string,
  kind: MethodSpec['kind'],
  sender: Sender,
  validators: MethodValidators | undefined,
  extra: { scope?: string; course?: boolean; revisions?: readonly Profile['revision'][]; senderIn?: MethodSpec['senderIn'] } = {},
): MethodSpec {
  return {
    method,
    kind,
    sender,
    course: extra.course ?? true,
    revisions: extra.revisions ?? SESSION_REVISIONS,
    validators: validators ?? NO_VALIDATORS,
    ...(extra.scope === undefined ? {} : { scope: extra.scope }),
    ...(extra.senderIn === undefined ? {} : { senderIn: extra.senderIn }),
  };
}

/**
 * Every method of all revisions, with the revisions that define it. In 2026-07-28 the server sends
 * no requests: roots/list, sampling/createMessage and elicitation/create travel only as the
 * inputRequests of an input_required result.
 */
export const METHODS: ReadonlyMap<string, MethodSpec> = new Map(
  [
    row('initialize', 'request', 'client', initializeMethods['initialize']),
    row('notifications/initialized', 'notification', 'client', initializeMethods['notifications/initialized']),
    row('ping', 'request', 'both', pingMethods['ping']),
    row('tools/list', 'request', 'client', toolsMethods['tools/list'], { revisions: ALL }),
    row('tools/call', 'request', 'client', toolsMethods['tools/call'], { revisions: ALL }),
    row('notifications/tools/list_changed', 'notification', 'server', toolsMethods['notifications/tools/list_changed'], { revisions: ALL }),
    row('resources/list', 'request', 'client', resourcesMethods['resources/list'], { scope: 'resources:list', revisions: ALL }),
    row('resources/templates/list', 'request', 'client', resourcesMethods['resources/templates/list'], { scope: 'resources:list', revisions: ALL }),
    row('resources/read', 'request', 'client', resourcesMethods['resources/read'], { scope: 'resources:read', revisions: ALL }),
    row('resources/subscribe', 'request', 'client', resourcesMethods['resources/subscribe'], { scope: 'resources:subscribe' }),
    row('resources/unsubscribe', 'request', 'client', resourcesMethods['resources/unsubscribe'], { scope: 'resources:subscribe' }),
    row('notifications/resources/updated', 'notification', 'server', resourcesMethods['notifications/resources/updated'], { scope: 'resources:subscribe', revisions: ALL }),
    row('notifications/resources/list_changed', 'notification', 'server', resourcesMethods['notifications/resources/list_changed'], { revisions: ALL }),
    row('roots/list', 'request', 'server', rootsMethods['roots/list']),
    row('notifications/roots/list_changed', 'notification', 'client', rootsMethods['notifications/roots/list_changed']),
    row('sampling/createMessage', 'request', 'server', samplingMethods['sampling/createMessage']),
    row('elicitation/create', 'request', 'server', elicitationMethods['elicitation/create']),
    row('notifications/elicitation/complete', 'notification', 'server', elicitationMethods['notifications/elicitation/complete'], { revisions: SINCE_2025_11_25 }),
    row('tasks/list', 'request', 'both', tasksMethods['tasks/list'], { revisions: SINCE_2025_11_25 }),
    row('tasks/get', 'request', 'both', tasksMethods['tasks/get'], { course: false, revisions: SINCE_2025_11_25 }),
    row('tasks/result', 'request', 'both', tasksMethods['tasks/result'], { course: false, revisions: SINCE_2025_11_25 }),
    row('tasks/cancel', 'request', 'both', tasksMethods['tasks/cancel'], { course: false, revisions: SINCE_2025_11_25 }),
    row('notifications/tasks/status', 'notification', 'both', tasksMethods['notifications/tasks/status'], { revisions: SINCE_2025_11_25 }),
    row('prompts/list', 'request', 'client', promptsMethods['prompts/list'], { course: false, revisions: ALL }),
    row('prompts/get', 'request', 'client', promptsMethods['prompts/get'], { course: false, revisions: ALL }),
    row('notifications/prompts/list_changed', 'notification', 'server', promptsMethods['notifications/prompts/list_changed'], { course: false, revisions: ALL }),
    row('logging/setLevel', 'request', 'client', loggingMethods['logging/setLevel'], { course: false }),
    row('notifications/message', 'notification', 'server', loggingMethods['notifications/message'], { course: false, revisions: ALL }),
    row('completion/complete', 'request', 'client', completionMethods['completion/complete'], { course: false, revisions: ALL }),
    row('notifications/cancelled', 'notification', 'both', utilityMethods['notifications/cancelled'], { revisions: ALL }),
    // In 2026-07-28 the server sends no requests, so only it reports progress.
    row('notifications/progress', 'notification', 'both', utilityMethods['notifications/progress'], { revisions: ALL, senderIn: { '2026-07-28': 'server' } }),
    row('server/discover', 'request', 'client', modernMethods['server/discover'], { course: false, revisions: STATELESS }),
    row('subscriptions/listen', 'request', 'client', modernMethods['subscriptions/listen'], { course: false, revisions: STATELESS }),
    row('notifications/subscriptions/acknowledged', 'notification', 'server', modernMethods['notifications/subscriptions/acknowledged'], { course: false, revisions: STATELESS }),
  ].map((r) => [r.method, r]),
);

const tables = new Map<string, ReadonlyMap<string, MethodSpec>>();

/** The method direction table of a profile's revision (2026-07-28 rows carry the stateless `_meta` and `resultType` checks). */
export function methodTable(profile: Pick<Profile, 'revision'>): ReadonlyMap<string, MethodSpec> {
  let table = tables.get(profile.revision);
  if (!table) {
    const revision = profile.revision;
    const rows = [...METHODS]
      .filter(([, spec]) => spec.revisions.includes(revision))
      .map(([method, spec]): [string, MethodSpec] => {
        const sender = spec.senderIn?.[revision];
        return [method, sender === undefined ? spec : { ...spec, sender }];
      });
    table = new Map(revisionFacts(profile).perRequestMeta
      ? rows.map(([method, spec]): [string, MethodSpec] => [method, { ...spec, validators: modernValidators(spec) }])
      : rows);
    tables.set(profile.revision, table);
  }
  return table;
}

/** True when `method` is a notification in `table` (or, unknown, looks like one). */
export function isNotificationMethod(method: string, table: ReadonlyMap<string, MethodSpec> = METHODS): boolean {
  const spec = table.get(method);
  return spec ? spec.kind === 'notification' : method.startsWith('notifications/');
}

/** True when `method` is a known request method in `table`. */
export function isRequestMethod(method: string, table: ReadonlyMap<string, MethodSpec> = METHODS): boolean {
  return table.get(method)?.kind === 'request';
}

/** True when `direction` is a direction in which `spec` may be sent. */
export function mayBeSentIn(spec: MethodSpec, direction: Direction): boolean {
  if (spec.sender === 'both') return true;
  return spec.sender === (direction === 'client_to_server' ? 'client' : 'server');
}
