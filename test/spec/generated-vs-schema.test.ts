// Why: hand-written fixtures only test what someone thought of. This differential fuzzer asks the
// official schemas themselves: json-schema-faker generates, from fixed seeds, instances of every
// request, notification and result definition of each revision (support/generated-instances.ts),
// ajv confirms each, and each is judged in a session that declares every capability, each request
// paired with a generated result of its own result type (support/generated-session.ts).
// - A valid instance must draw no error of a shape rule (support/rule-kinds.ts) except those
//   listed below, one reason each; a listed entry that no instance shows any more is stale.
// - One-way mutations of each instance (support/mutations.ts) that ajv rejects must draw an error
//   finding, under the matching profile and under the course profile (which may be stricter than
//   the schema, and looser only where its reference reads less), except those listed in SCHEMA_STRICTER.
// FUZZ_RUNS raises the instances per definition; the run prints its figures.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Finding } from '../../validators/finding.ts';
import type { Profile } from '../../validators/context.ts';
import { COURSE_PROFILE, PROFILES } from '../../validators/profiles.ts';
import { fuzzRuns } from '../support/fuzz-runs.ts';
import { generateInstances } from './support/generated-instances.ts';
import { judgeMessage, readySession } from './support/generated-session.ts';
import { applyMutation, describeMutation, mutationArbitrary, pointerOf, type Mutation } from './support/mutations.ts';
import { officialSchema, REVISIONS, schemaPath, schemasPresent, type OfficialSchema, type Revision, type SchemaMethod } from './support/official-schema.ts';
import { WHY } from './support/disagreement-reasons.ts';
import { ruleKind } from './support/rule-kinds.ts';
import { schemaVerdict, type Answered } from './support/schema-verdict.ts';

const INSTANCES = fuzzRuns(6);
const MUTATIONS_PER_INSTANCE = 4;

/** A message that shows a disagreement today: a request (and the result answering it, when the finding is on the result). */
interface Witness {
  readonly revision: Revision;
  readonly method: string;
  readonly params?: unknown;
  readonly result?: unknown;
}

/**
 * A known class of valid instances we reject: the rules, where (a pointer pattern), why, and a
 * witness that must still show it (so an entry is stale when the witness no longer does, whatever
 * the seeds a run uses).
 */
interface Disagreement {
  readonly rules: readonly string[];
  readonly pointer: RegExp;
  readonly why: string;
  readonly witness: Witness;
}

const OWN = (what: string): string => `${WHY.ownRule}: ${what}`;
const TASK = '^/message/(params|result|result/task|result/tasks/\\d+)/';
const META_2026 = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' } };
const TASK_OK = { taskId: 't', status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: null };
const V = '2025-11-25';
const FORM = { mode: 'form', message: 'm', requestedSchema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } };

/** Shape-rule errors on schema-valid messages, each class with its reason and witness. */
const OURS_STRICTER: Readonly<Record<string, Disagreement>> = {
  'task-timestamps': {
    rules: ['tasks/task'], pointer: new RegExp(`${TASK}(createdAt|lastUpdatedAt)$`), why: 'createdAt and lastUpdatedAt are "ISO 8601 timestamps" by their descriptions; the schema types them as any string',
    witness: { revision: V, method: 'tasks/get', params: { taskId: 't' }, result: { ...TASK_OK, createdAt: 'yesterday' } },
  },
  'task-id-non-empty': {
    rules: ['tasks/task'], pointer: new RegExp(`${TASK}taskId$`), why: OWN('a task id is non-empty (the schema: any string)'),
    witness: { revision: V, method: 'tasks/get', params: { taskId: '' }, result: { ...TASK_OK, taskId: '' } },
  },
  'task-ttl-non-negative': {
    rules: ['tasks/task'], pointer: new RegExp(`${TASK}ttl$`), why: OWN('Task.ttl is a retention duration in milliseconds, so non-negative, like TaskMetadata.ttl (the schema: any integer or null)'),
    witness: { revision: V, method: 'tasks/get', params: { taskId: 't' }, result: { ...TASK_OK, ttl: -1 } },
  },
  'task-metadata-ttl-non-negative': {
    rules: ['tasks/metadata'], pointer: /^\/message\/params\/task\/ttl$/, why: OWN('a requested ttl in milliseconds is non-negative (the schema: any integer)'),
    witness: { revision: V, method: 'tools/call', params: { name: 'x', arguments: {}, task: { ttl: -1 } } },
  },
  'task-poll-interval-positive': {
    rules: ['tasks/task'], pointer: new RegExp(`${TASK}pollInterval$`), why: OWN('pollInterval is a positive number of milliseconds (the schema: any integer)'),
    witness: { revision: V, method: 'tasks/get', params: { taskId: 't' }, result: { ...TASK_OK, pollInterval: 0 } },
  },
  'task-of-request': {
    rules: ['tasks/task-id-mismatch'], pointer: /^\/message\/result\/taskId$/, why: WHY.taskOfRequest,
    witness: { revision: V, method: 'tasks/get', params: { taskId: 'a' }, result: { ...TASK_OK, taskId: 'b' } },
  },
  'task-payload-of-request': {
    rules: ['tasks/payload-result'], pointer: /^\/message\/result\/_meta/, why: WHY.taskOfRequest,
    witness: { revision: V, method: 'tasks/result', params: { taskId: 'a' }, result: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'b' } } } },
  },
  'result-type-values': {
    rules: ['stateless/result-type'], pointer: /^\/message\/result\/resultType$/, why: WHY.resultType,
    witness: { revision: '2026-07-28', method: 'tools/list', params: { _meta: META_2026 }, result: { resultType: 'partial', tools: [], ttlMs: 0, cacheScope: 'public' } },
  },
  'acknowledgement-names-subscription': {
    rules: ['stateless/acknowledged-params'], pointer: /^\/message\/params\/_meta(\/io\.modelcontextprotocol~1subscriptionId)?$/, why: WHY.ackMeta,
    witness: { revision: '2026-07-28', method: 'notifications/subscriptions/acknowledged', params: { notifications: {} } },
  },
  'unique-in-list': {
    // prompts/duplicate-name is retired (the prompts page requires nothing of a listing), resources/duplicate-uri the course profile's.
    rules: ['tools/duplicate-name', 'resources/duplicate-uri', 'tasks/duplicate-task-id'], pointer: /^\/message\/result\/\w+\/\d+\/(name|uri|uriTemplate|taskId)$/, why: WHY.unique,
    witness: { revision: V, method: 'tasks/list', result: { tasks: [TASK_OK, TASK_OK] } },
  },
  'required-names-declared-field': {
    rules: ['elicitation/requested-schema'], pointer: /^\/message\/params\/requestedSchema\/required\/\d+$/, why: OWN('a required field must be one of the declared properties (JSON Schema allows undeclared names in required)'),
    witness: { revision: V, method: 'elicitation/create', params: { ...FORM, requestedSchema: { type: 'object', properties: {}, required: ['a'] } } },
  },
  'form-content-against-request': {
    rules: ['elicitation/content-required'], pointer: /^\/message\/result\/content\//, why: WHY.formContent,
    witness: { revision: V, method: 'elicitation/create', params: FORM, result: { action: 'accept', content: {} } },
  },
  'content-only-for-accepted-form': {
    rules: ['elicitation/unexpected-content'], pointer: /^\/message\/result\/content$/, why: WHY.unexpectedContent,
    witness: { revision: V, method: 'elicitation/create', params: FORM, result: { action: 'decline', content: {} } },
  },
  'base64': {
    rules: ['format/base64'], pointer: /\/(data|blob)$/, why: WHY.format,
    witness: { revision: V, method: 'resources/read', params: { uri: 'kb://x' }, result: { contents: [{ uri: 'kb://x', blob: 'abc' }] } },
  },
  'file-roots': {
    rules: ['roots/file-uri'], pointer: /^\/message\/result\/roots\/\d+\/uri$/, why: WHY.fileRoot,
    witness: { revision: V, method: 'roots/list', result: { roots: [{ uri: 'https://example.com/' }] } },
  },
  'sampling-max-tokens-positive': {
    rules: ['sampling/params'], pointer: /^\/message\/params\/maxTokens$/, why: OWN('maxTokens is a positive integer (the schema: any integer)'),
    witness: { revision: V, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'x' } }], maxTokens: 0 } },
  },
  'sampling-needs-a-message': {
    rules: ['sampling/params'], pointer: /^\/message\/params\/messages$/, why: OWN('at least one message to sample from (the schema: any array)'),
    witness: { revision: V, method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } },
  },
  'content-size-non-negative': {
    rules: ['content/block-shape'], pointer: /^\/message\/result\/content\/\d+\/size$/, why: OWN('a size in bytes is non-negative (the schema: any integer)'),
    witness: { revision: V, method: 'tools/call', params: { name: 'x', arguments: {} }, result: { content: [{ type: 'resource_link', uri: 'kb://x', name: 'x', size: -1 }] } },
  },
  'resource-size-non-negative': {
    rules: ['resources/descriptor-shape'], pointer: /^\/message\/result\/resources\/\d+\/size$/, why: OWN('a size in bytes is non-negative (the schema: any integer)'),
    witness: { revision: V, method: 'resources/list', result: { resources: [{ uri: 'kb://x', name: 'x', size: -1 }] } },
  },
  'cancel-names-request': {
    rules: ['cancellation/missing-request-id'], pointer: /^\/message\/params\/requestId$/, why: WHY.cancelRequestId,
    witness: { revision: V, method: 'notifications/cancelled', params: {} },
  },
};

/** A known class of schema-invalid mutations we accept: the definition, the mutated pointer, and why. */
interface Looser {
  readonly definition: RegExp;
  readonly target: RegExp;
  readonly covers: (m: Mutation) => boolean;
  readonly why: string;
}

/** Mutations the official schema rejects and we accept, each class with its reason. */
const SCHEMA_STRICTER: Readonly<Record<string, Looser>> = {
  // The course profile is its reference validator's verdict, and the reference reads less than the
  // schema types in these places (docs/course-reference.md, docs/profiles.md); the specification
  // profiles catch every one of these mutations.
  'course-capability-member-types': {
    definition: /^InitializeResult$/, target: /^\/result\/capabilities\/[^/]+(\/.*)?$/, covers: (m) => m.kind === 'retype' || m.kind === 'nest',
    why: 'the course reference does not type capability members',
  },
  'course-server-info-beyond-name-and-version': {
    definition: /^InitializeResult$/, target: /^\/result\/serverInfo\/(?!name$|version$)/, covers: (m) => m.kind === 'retype' || m.kind === 'nest',
    why: 'the course reference reads serverInfo no further than name and version',
  },
  'course-notification-params': {
    definition: /^(ProgressNotification|CancelledNotification|ElicitationCompleteNotification|TaskStatusNotification)$/, target: /^\/params\//,
    covers: (m) => m.kind === 'retype' || m.kind === 'nest' || m.kind === 'drop',
    why: 'the course reference reads these notifications\' params no further than the members its rules name',
  },
};

type Direction = 'client_to_server' | 'server_to_client';

interface Figures {
  instances: number;
  skipped: number;
  agreements: number;
  listed: number;
  mutations: number;
  caught: number;
  listedMutations: number;
}

const figures = new Map<string, Figures>();
const shown = new Map<string, number>(); // disagreement or looser entry -> how often it matched
const problems: string[] = [];

function tally(name: string): Figures {
  let f = figures.get(name);
  if (!f) figures.set(name, (f = { instances: 0, skipped: 0, agreements: 0, listed: 0, mutations: 0, caught: 0, listedMutations: 0 }));
  return f;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The wire message of a generated request or notification (2025-06-18 definitions omit jsonrpc and id). */
function asMessage(m: SchemaMethod, value: unknown, seed: number): Record<string, unknown> {
  const base = isObject(value) ? value : {};
  const out: Record<string, unknown> = { jsonrpc: '2.0', ...base };
  if (m.kind === 'request' && !('id' in out)) out['id'] = seed;
  return out;
}

/** The response carrying a generated result of the definition the schema gives the answered request. */
function resultMessage(schema: OfficialSchema, request: Record<string, unknown>, seed: number): { message: unknown; definition: string } | undefined {
  const typed = schema.resultDefinition(String(request['method']), request['params']);
  if (!typed) return undefined;
  const generated = generateInstances(schema.revision, typed.definition, 1, seed).instances[0];
  if (!generated) return undefined;
  const message = typed.whole && isObject(generated.value)
    ? { ...generated.value, jsonrpc: '2.0', id: request['id'] }
    : { jsonrpc: '2.0', id: request['id'], result: generated.value };
  return { message, definition: typed.definition };
}

function directionOf(m: SchemaMethod): Direction {
  return m.sender === 'server' ? 'server_to_client' : 'client_to_server';
}

function matchDisagreement(f: Finding): string | undefined {
  for (const [name, d] of Object.entries(OURS_STRICTER)) {
    if (d.rules.includes(f.rule) && d.pointer.test(f.pointer)) return name;
  }
  return undefined;
}

function matchLooser(definition: string, m: Mutation): string | undefined {
  const target = pointerOf(m.kind === 'add' ? [...m.path, m.key] : m.path);
  for (const [name, l] of Object.entries(SCHEMA_STRICTER)) if (l.definition.test(definition) && l.target.test(target) && l.covers(m)) return name;
  return undefined;
}

const count = (name: string): void => {
  shown.set(name, (shown.get(name) ?? 0) + 1);
};

/** Judges a valid message: every shape error must be a listed disagreement. */
function checkValid(revision: Revision, where: string, findings: readonly Finding[], t: Figures): void {
  const shape = findings.filter((f) => f.severity === 'error' && ruleKind(f.rule) === 'shape');
  if (shape.length === 0) {
    t.agreements += 1;
    return;
  }
  let unlisted = false;
  for (const f of shape) {
    const name = matchDisagreement(f);
    if (name === undefined) {
      unlisted = true;
      problems.push(`${where}: we reject a schema-valid message: ${f.rule} ${f.pointer} (${f.message.slice(0, 120)})`);
    } else {
      count(name);
    }
  }
  if (!unlisted) t.listed += 1;
}

/**
 * Mutates `message` one way at a time; each mutation ajv rejects must draw an error under `profile`.
 * `replay` feeds what comes before the message (the request a result answers) into a fresh session.
 */
function checkMutations(
  revision: Revision, profile: Profile, where: string, definition: string, message: unknown, answered: Answered | undefined,
  direction: Direction, replay: (session: ReturnType<typeof readySession>) => void, seed: number, t: Figures,
): void {
  const schema = officialSchema(revision);
  const mutations = fc.sample(mutationArbitrary(message), { seed, numRuns: MUTATIONS_PER_INSTANCE });
  for (const m of mutations) {
    const mutated = applyMutation(message, m);
    if (schemaVerdict(schema, mutated, answered).errors.length === 0) continue;
    t.mutations += 1;
    const session = readySession(profile, revision);
    replay(session);
    const findings = judgeMessage(session, profile, direction, mutated, answered);
    session.stop();
    if (findings.some((f) => f.severity === 'error')) {
      t.caught += 1;
      continue;
    }
    const name = matchLooser(definition, m);
    if (name !== undefined) {
      count(name);
      t.listedMutations += 1;
    } else {
      problems.push(`${where} under ${profile.id}: the schema rejects ${describeMutation(m)}, we accept it`);
    }
  }
}

function fuzzMethod(revision: Revision, profile: Profile, m: SchemaMethod, differential: boolean): void {
  const schema = officialSchema(revision);
  const t = tally(`${profile.id}${profile.id === 'course' ? ` (${revision} instances)` : ''}`);
  const generated = generateInstances(revision, m.definition, INSTANCES);
  t.skipped += generated.rejected.length;
  const direction = directionOf(m);
  for (const { seed, value } of generated.instances) {
    const message = asMessage(m, value, seed);
    const where = `${revision} ${m.definition} seed ${seed}`;
    if (schemaVerdict(schema, message, undefined).errors.length > 0) {
      t.skipped += 1;
      continue;
    }
    t.instances += 1;
    const session = readySession(profile, revision);
    const findings = judgeMessage(session, profile, direction, message, undefined);
    if (differential) checkValid(revision, where, findings, t);
    checkMutations(revision, profile, where, m.definition, message, undefined, direction, () => {}, seed, t);
    if (m.kind !== 'request') {
      session.stop();
      continue;
    }
    const answer = resultMessage(schema, message, seed);
    const answered: Answered = { method: m.method, params: message['params'] };
    const back: Direction = direction === 'client_to_server' ? 'server_to_client' : 'client_to_server';
    if (answer && schemaVerdict(schema, answer.message, answered).errors.length === 0) {
      t.instances += 1;
      const resultWhere = `${revision} ${answer.definition} (answering ${m.definition} seed ${seed})`;
      if (differential) checkValid(revision, resultWhere, judgeMessage(session, profile, back, answer.message, answered), t);
      checkMutations(revision, profile, resultWhere, answer.definition, answer.message, answered, back, (s) => {
        s.feed({ direction, message });
      }, seed, t);
    } else {
      t.skipped += 1;
    }
    session.stop();
  }
}

/** The findings a witness draws: on its result when it has one, else on its request or notification. */
function witnessFindings(w: Witness): Finding[] {
  const schema = officialSchema(w.revision);
  const m = schema.methods.get(w.method);
  if (!m) throw new Error(`${w.revision} has no method ${w.method}`);
  const profile = PROFILES.get(w.revision) as Profile;
  const session = readySession(profile, w.revision);
  try {
    const direction = directionOf(m);
    const message = { jsonrpc: '2.0', ...(m.kind === 'request' ? { id: 'w' } : {}), method: w.method, ...(w.params === undefined ? {} : { params: w.params }) };
    const onRequest = judgeMessage(session, profile, direction, message, undefined);
    if (w.result === undefined) return onRequest;
    const back: Direction = direction === 'client_to_server' ? 'server_to_client' : 'client_to_server';
    return judgeMessage(session, profile, back, { jsonrpc: '2.0', id: 'w', result: w.result }, { method: w.method, params: w.params });
  } finally {
    session.stop();
  }
}

if (!schemasPresent() && process.env['CI']) {
  test('the official schemas are present (CI)', () => {
    assert.unreachable(`missing ${REVISIONS.map(schemaPath).join(', ')}`);
  });
} else if (!schemasPresent()) {
  test.skip('generated instances vs the official schemas (../shared/spec/ not present)', () => {});
} else {
  for (const revision of REVISIONS) {
    const profile = PROFILES.get(revision) as Profile;
    test(`${revision}: generated instances of every request, notification and result agree with our verdicts, except as listed`, () => {
      const methods = [...officialSchema(revision).methods.values()].sort((a, b) => (a.method < b.method ? -1 : 1));
      for (const m of methods) fuzzMethod(revision, profile, m, true);
    });
  }

  test('every listed disagreement names registry rules of the shape kind, and its witness is valid for the schema and still shows it', () => {
    const stale: string[] = [];
    for (const [name, d] of Object.entries(OURS_STRICTER)) {
      for (const rule of d.rules) assert.is(ruleKind(rule), 'shape', `${name}: ${rule}`);
      const w = d.witness;
      const schema = officialSchema(w.revision);
      const m = schema.methods.get(w.method)!;
      const message = { jsonrpc: '2.0', ...(m.kind === 'request' ? { id: 'w' } : {}), method: w.method, ...(w.params === undefined ? {} : { params: w.params }) };
      if (w.result === undefined) assert.equal(schemaVerdict(schema, message, undefined).errors, [], `${name}: the witness is schema-valid`);
      else assert.equal(schemaVerdict(schema, { jsonrpc: '2.0', id: 'w', result: w.result }, { method: w.method, params: w.params }).errors, [], `${name}: the witness result is schema-valid`);
      if (!witnessFindings(w).some((f) => f.severity === 'error' && matchDisagreement(f) === name)) stale.push(name);
    }
    assert.equal(stale, [], 'stale entries: their witness no longer draws the listed finding');
  });

  test('course profile: looser than the 2025-11-25 schema on mutations of generated instances only where listed', () => {
    const methods = [...officialSchema('2025-11-25').methods.values()].sort((a, b) => (a.method < b.method ? -1 : 1));
    for (const m of methods) fuzzMethod('2025-11-25', COURSE_PROFILE, m, false);
  });

  test('no unlisted disagreement, and every listed one still shows', () => {
    for (const [name, f] of figures) {
      console.log(`generated ${name}: ${f.instances} instances (${f.skipped} the generator got wrong, skipped), ${f.agreements} agree, `
        + `${f.listed} listed disagreements; ${f.mutations} mutations the schema rejects, ${f.caught} caught, ${f.listedMutations} listed`);
    }
    assert.equal(problems.slice(0, Number(process.env["SHOW_PROBLEMS"] ?? 40)), [], `${problems.length} unlisted disagreements`);
    assert.equal(Object.keys(SCHEMA_STRICTER).filter((name) => !shown.has(name)), [], 'stale SCHEMA_STRICTER entries: no mutation shows them any more');
    assert.ok([...figures.values()].every((f) => f.instances > 0), 'every profile judged instances');
  });
}

test.run();
