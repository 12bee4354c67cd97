// Why: the official schema types one message at a time, so only rules that the message decides
// can be compared with it. This sorts every rule of the registry, explicitly, into those (`shape`:
// the envelope and the family shapes, judged from the message and, for a response, the request it
// answers, which is what picks the schema's result definition too; prose MUSTs about the message
// that the schema cannot express count here) and the rest (`stateful`: what needs more of the
// session's history, the sender's side, negotiated capabilities, the transport context, listed
// tools or a profile's method set; `not-wire`: rules about input bytes or fixture files).
import { RULE_AREAS, RULES } from '../../../validators/rules/index.ts';

/** How a rule relates to the official schema. */
export type RuleKind = 'shape' | 'stateful' | 'not-wire';

type Area = keyof typeof RULE_AREAS;

/** The kind of every rule of an area, unless the rule is named in OVERRIDES. */
const AREA_KINDS: Readonly<Record<Area, RuleKind>> = {
  auth: 'stateful', // transport context and authorization policy
  cancellation: 'stateful', // which requests are in flight
  capability: 'stateful', // negotiated capabilities
  cli: 'not-wire', // the command line
  completion: 'shape',
  content: 'shape',
  correlation: 'stateful', // pending and used ids
  direction: 'stateful', // the sender's side is not in the message
  elicitation: 'shape',
  envelope: 'shape',
  fixture: 'not-wire',
  format: 'shape',
  http: 'not-wire', // HTTP statuses, headers and SSE framing, not JSON-RPC messages
  initialize: 'shape',
  json: 'not-wire',
  lifecycle: 'stateful',
  logging: 'shape',
  matrix: 'not-wire', // how SDK peers' whole sessions compare, not one message
  pagination: 'shape',
  probe: 'not-wire', // how a live server answered a deliberately wrong request
  profile: 'stateful', // the course profile's method set
  progress: 'stateful', // active tokens and their history
  prompts: 'shape',
  resources: 'shape',
  roots: 'shape',
  sampling: 'shape',
  scenario: 'not-wire', // the user's own expectations of a server, from a scenario file
  stateless: 'stateful', // listen streams, input_required retries, the version a request sent
  subscription: 'stateful',
  tasks: 'stateful', // task ids, statuses and their history
  toolschema: 'shape',
  tools: 'shape',
  transport: 'not-wire', // framing, bytes and timing of a live connection
};

/** Rules whose kind differs from their area's, each with the reason. */
const OVERRIDES: Readonly<Record<string, { kind: RuleKind; why: string }>> = {
  'prompts/unknown-prompt': { kind: 'stateful', why: 'the prompts an earlier prompts/list declared' },
  'prompts/missing-argument': { kind: 'stateful', why: 'the arguments an earlier prompts/list declared' },
  'prompts/unknown-argument': { kind: 'stateful', why: 'the arguments an earlier prompts/list declared' },
  'cancellation/params': { kind: 'shape', why: 'CancelledNotificationParams' },
  'cancellation/missing-request-id': { kind: 'shape', why: 'a prose MUST about the one notification' },
  'progress/params': { kind: 'shape', why: 'ProgressNotificationParams' },
  'progress/invalid-token': { kind: 'shape', why: 'the ProgressToken type of a request\'s _meta.progressToken' },
  'stateless/request-meta-missing': { kind: 'shape', why: 'RequestParams requires _meta with the version and capabilities' },
  'stateless/request-meta-shape': { kind: 'shape', why: 'RequestMetaObject' },
  'stateless/result-type': { kind: 'shape', why: 'Result.resultType' },
  'stateless/cacheable-result': { kind: 'shape', why: 'CacheableResult' },
  'stateless/input-required-not-allowed': { kind: 'shape', why: 'the <X>ResultResponse of the answered method admits InputRequiredResult or not' },
  'stateless/input-required-shape': { kind: 'shape', why: 'InputRequiredResult' },
  'stateless/input-responses-shape': { kind: 'shape', why: 'InputResponseRequestParams' },
  'stateless/discover-result': { kind: 'shape', why: 'DiscoverResult' },
  'stateless/listen-params': { kind: 'shape', why: 'SubscriptionsListenRequestParams' },
  'stateless/acknowledged-params': { kind: 'shape', why: 'SubscriptionsAcknowledgedNotificationParams' },
  'stateless/listen-result': { kind: 'shape', why: 'SubscriptionsListenResult, whose subscription id is the answered request\'s id' },
  'stateless/missing-capability-error': { kind: 'shape', why: 'MissingRequiredClientCapabilityError, against the answered request\'s capabilities' },
  'stateless/unsupported-version-error': { kind: 'shape', why: 'UnsupportedProtocolVersionError, against the answered request\'s version' },
  'tasks/list-result': { kind: 'shape', why: 'ListTasksResult' },
  'tasks/duplicate-task-id': { kind: 'shape', why: 'a prose MUST about the one result' },
  'tasks/task': { kind: 'shape', why: 'Task' },
  'tasks/metadata': { kind: 'shape', why: 'TaskMetadata' },
  'tasks/create-result': { kind: 'shape', why: 'CreateTaskResult' },
  'tasks/task-params': { kind: 'shape', why: 'the tasks/get, tasks/result and tasks/cancel params' },
  'tasks/related-task': { kind: 'shape', why: 'RelatedTaskMetadata' },
  'tasks/cancel-result-status': { kind: 'shape', why: 'a prose MUST about the one tasks/cancel result' },
  'tasks/payload-result': { kind: 'shape', why: 'the related-task metadata of a tasks/result result names the answered request\'s task' },
  'tasks/task-id-mismatch': { kind: 'shape', why: 'a tasks/get or tasks/cancel result describes the answered request\'s task' },
  'toolschema/instance-type': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-required': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-unknown-property': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-enum': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-min-length': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-max-length': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-minimum': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-maximum': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-min-items': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-max-items': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'toolschema/instance-limit': { kind: 'stateful', why: 'checks a value against a schema of another message' },
  'direction/server-request-stateless': { kind: 'shape', why: 'the 2026-07-28 schema defines no request a server sends' },
  'pagination/cursor-not-issued': { kind: 'stateful', why: 'the cursors earlier results of the session handed out' },
  'elicitation/undeclared-mode-answered': { kind: 'stateful', why: 'the client\'s declared capabilities and a request the session refused' },
  'tools/name-not-unique': { kind: 'stateful', why: 'earlier pages of the listing' },
  'tools/stale-cursor': { kind: 'stateful', why: 'a list_changed notification seen before' },
  'tools/unknown-tool': { kind: 'stateful', why: 'the tools the server listed' },
  'tools/task-not-supported': { kind: 'stateful', why: 'the listed tool\'s execution.taskSupport' },
  'tools/task-required': { kind: 'stateful', why: 'the listed tool\'s execution.taskSupport' },
  'tools/structured-content-missing': { kind: 'stateful', why: 'the called tool\'s outputSchema' },
};

/** The kind of a registry rule; throws for an id the registry does not hold. */
export function ruleKind(id: string): RuleKind {
  if (!RULES.has(id)) throw new Error(`not a registry rule: ${id}`);
  const override = OVERRIDES[id];
  if (override) return override.kind;
  return AREA_KINDS[id.split('/')[0] as Area];
}

/** Override entries that name no registry rule or repeat their area's kind (both are stale). */
export function staleOverrides(): string[] {
  return Object.entries(OVERRIDES)
    .filter(([id, o]) => !RULES.has(id) || AREA_KINDS[id.split('/')[0] as Area] === o.kind)
    .map(([id]) => id);
}

