// Why: a JUnit report is read as "what was tested, what passed", so it needs the rules a run put
// to the test, not only the ones that failed. A rule counts as exercised when the run touched its
// area: every area the run's messages pass through, the areas of its transport, those of the
// methods the messages carry, and the area of every finding. Listing the whole registry would claim checks the run never made.
import { RULES } from '../validators/rules/index.ts';
import type { ReportModel } from './report-model.ts';
import { MODERN_VERSION } from '../validators/era.ts';

/** Areas every message of a session passes through (strict JSON, envelope, correlation, direction, gates). */
const EVERY_MESSAGE = ['json', 'envelope', 'correlation', 'direction', 'capability'];

/** Areas a profile adds to every message: the handshake's, the course's method set, the stateless rules. */
const BY_PROFILE: Readonly<Record<string, readonly string[]>> = {
  'course': ['lifecycle', 'profile'],
  '2025-06-18': ['lifecycle'],
  '2025-11-25': ['lifecycle'],
  [MODERN_VERSION]: ['stateless'],
};

/** Areas a method's family adds, by the method's first segment (after `notifications/`). */
const BY_FAMILY: Readonly<Record<string, readonly string[]>> = {
  initialize: ['initialize'],
  initialized: ['lifecycle'],
  tools: ['tools', 'toolschema', 'content'],
  resources: ['resources', 'format', 'content'],
  prompts: ['prompts', 'content'],
  roots: ['roots', 'format'],
  sampling: ['sampling', 'content'],
  elicitation: ['elicitation'],
  completion: ['completion'],
  logging: ['logging'],
  message: ['logging'],
  progress: ['progress'],
  cancelled: ['cancellation'],
  tasks: ['tasks'],
  server: ['stateless'],
  subscriptions: ['stateless'],
};

/** Areas of the rules about the transport a live run used (those this build has). */
const BY_TRANSPORT: Readonly<Record<string, readonly string[]>> = {
  stdio: ['transport'],
  http: ['transport', 'http'],
};

const SUBSCRIPTION_METHODS = new Set(['resources/subscribe', 'resources/unsubscribe', 'notifications/resources/updated']);

/** The areas a method touches. */
export function areasOfMethod(method: string): string[] {
  const family = (method.startsWith('notifications/') ? method.slice('notifications/'.length) : method).split('/')[0] ?? '';
  const out = [...(BY_FAMILY[family] ?? [])];
  if (method.endsWith('/list') && !method.startsWith('notifications/')) out.push('pagination');
  if (SUBSCRIPTION_METHODS.has(method)) out.push('subscription');
  return out;
}

/** The area of a rule id (`tools` for `tools/duplicate-name`). */
export function areaOf(rule: string): string {
  return rule.slice(0, rule.indexOf('/'));
}

/** The areas a run touched (some may have no rule in this build). */
export function exercisedAreas(model: ReportModel): Set<string> {
  const areas = new Set<string>();
  if (model.counts.messages > 0) {
    for (const area of [...EVERY_MESSAGE, ...(BY_PROFILE[model.trace.profile] ?? [])]) areas.add(area);
  }
  if (model.trace.events.length > 0) for (const area of BY_TRANSPORT[model.trace.target.transport] ?? []) areas.add(area);
  for (const place of model.places) if (place.method !== null) for (const area of areasOfMethod(place.method)) areas.add(area);
  for (const f of model.findings) areas.add(areaOf(f.rule));
  return areas;
}

/**
 * The rules a run exercised, sorted by id: every registered rule of a touched area, and every rule
 * a finding cites (also one this build does not know).
 */
export function exercisedRules(model: ReportModel): string[] {
  const areas = exercisedAreas(model);
  const rules = new Set<string>(model.findings.map((f) => f.rule));
  for (const id of RULES.keys()) if (areas.has(areaOf(id))) rules.add(id);
  return [...rules].sort();
}
