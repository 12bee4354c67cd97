import type { RuleSpec } from './rule.ts';
import { authRules } from './auth.ts';
import { cancellationRules } from './cancellation.ts';
import { capabilityRules } from './capability.ts';
import { cliRules } from './cli.ts';
import { completionRules } from './completion.ts';
import { contentRules } from './content.ts';
import { correlationRules } from './correlation.ts';
import { directionRules } from './direction.ts';
import { elicitationRules } from './elicitation.ts';
import { envelopeRules } from './envelope.ts';
import { fixtureRules } from './fixture.ts';
import { formatRules } from './format.ts';
import { httpRules } from './http.ts';
import { initializeRules } from './initialize.ts';
import { jsonRules } from './json.ts';
import { lifecycleRules } from './lifecycle.ts';
import { loggingRules } from './logging.ts';
import { matrixRules } from './matrix.ts';
import { paginationRules } from './pagination.ts';
import { probeRules } from './probe.ts';
import { profileRules } from './profile.ts';
import { progressRules } from './progress.ts';
import { promptsRules } from './prompts.ts';
import { resourcesRules } from './resources.ts';
import { rootsRules } from './roots.ts';
import { samplingRules } from './sampling.ts';
import { scenarioRules } from './scenario.ts';
import { modernRules } from './stateless.ts';
import { subscriptionRules } from './subscription.ts';
import { tasksRules } from './tasks.ts';
import { toolschemaRules } from './toolschema.ts';
import { toolsRules } from './tools.ts';
import { transportRules } from './transport.ts';

/** Every rule area, by name. */
export const RULE_AREAS = {
  auth: authRules,
  cancellation: cancellationRules,
  capability: capabilityRules,
  cli: cliRules,
  completion: completionRules,
  content: contentRules,
  correlation: correlationRules,
  direction: directionRules,
  elicitation: elicitationRules,
  envelope: envelopeRules,
  fixture: fixtureRules,
  format: formatRules,
  http: httpRules,
  initialize: initializeRules,
  json: jsonRules,
  lifecycle: lifecycleRules,
  logging: loggingRules,
  matrix: matrixRules,
  pagination: paginationRules,
  probe: probeRules,
  profile: profileRules,
  progress: progressRules,
  prompts: promptsRules,
  resources: resourcesRules,
  roots: rootsRules,
  sampling: samplingRules,
  scenario: scenarioRules,
  stateless: modernRules,
  subscription: subscriptionRules,
  tasks: tasksRules,
  toolschema: toolschemaRules,
  tools: toolsRules,
  transport: transportRules,
} as const;

/** The rule registry: every rule id mapped to its severity, spec link and text, sorted by id. */
export const RULES: ReadonlyMap<string, RuleSpec> = new Map(
  Object.values(RULE_AREAS)
    .flatMap((area) => Object.values(area) as RuleSpec[])
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => [r.id, r]),
);

type Areas = typeof RULE_AREAS;

/** Every rule id the registry holds, as a literal type: a misspelt id fails the typecheck. */
export type RuleId = { [A in keyof Areas]: Areas[A][keyof Areas[A]] extends { readonly id: infer I extends string } ? I : never }[keyof Areas];

/** The registry entry of rule `id`; rules are raised by their full id so a search finds every raising site. */
export function ruleById(id: RuleId): RuleSpec {
  const rule = RULES.get(id);
  if (rule === undefined) throw new Error(`unknown rule ${id}`);
  return rule;
}
