// Why: hand-written fixtures only test what someone thought of. This differential fuzzer asks the
// official schemas themselves: json-schema-faker generates, from fixed seeds, instances of every
// request, notification and result definition of each revision (support/generated-instances.ts),
// ajv confirms each, and each is judged in a session that declares every capability, each request
// paired with a generated result of its own result type (support/generated-session.ts).
// - A valid instance must draw no error of a shape rule (support/rule-kinds.ts) except those
//   listed below, one reason each; a listed entry that no instance shows any more is stale.
// - One-way mutations of each instance (support/mutations.ts) that ajv rejects must draw an error
//   finding, under the matching profile and under the course profile (which may be stricter than
//   the schema, never looser), except those listed in SCHEMA_STRICTER.
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

/** A known class of valid instances we reject: the rule, where (a pointer pattern), in which revisions, and why. */
interface Disagreement {
  readonly rule: string;
  readonly pointer: RegExp;
  readonly revisions?: readonly Revision[];
  readonly why: string;
}

const OWN = (what: string): string => `${WHY.ownRule}: ${what}`;
const TASK = /^\/message\/(params|result|result\/task|result\/tasks\/\d+)\//;

/** Shape-rule errors on schema-valid messages, each class with its reason. */
const OURS_STRICTER: Readonly<Record<string, Disagreement>> = {
  'task-timestamps': { rule: 'tasks/task', pointer: new RegExp(`${TASK.source}(createdAt|lastUpdatedAt)$`), why: 'createdAt and lastUpdatedAt are "ISO 8601 timestamps" by their descriptions; the schema types them as any string' },
  'task-id-non-empty': { rule: 'tasks/task', pointer: new RegExp(`${TASK.source}taskId$`), why: OWN('a task id is non-empty (the schema: any string)') },
  'task-ttl-non-negative': { rule: 'tasks/task', pointer: new RegExp(`${TASK.source}ttl$`), why: OWN('Task.ttl is a retention duration in milliseconds, so non-negative, as TaskMetadata.ttl (the schema: any integer or null)') },
  'task-poll-interval-positive': { rule: 'tasks/task', pointer: new RegExp(`${TASK.source}pollInterval$`), why: OWN('pollInterval is a positive number of milliseconds (the schema: any integer)') },
  'task-of-request': { rule: 'tasks/task-id-mismatch', pointer: /^\/message\/result\/taskId$/, why: WHY.taskOfRequest },
  'task-payload-of-request': { rule: 'tasks/payload-result', pointer: /^\/message\/result\/_meta/, why: WHY.taskOfRequest },
  'result-type-values': { rule: 'stateless/result-type', pointer: /^\/message\/result\/resultType$/, why: WHY.resultType },
  'acknowledgement-names-subscription': { rule: 'stateless/acknowledged-params', pointer: /^\/message\/params\/_meta(\/io\.modelcontextprotocol~1subscriptionId)?$/, why: WHY.ackMeta },
  'cursor-non-empty': { rule: 'pagination/invalid-cursor', pointer: /^\/message\/params\/cursor$/, why: OWN('a cursor is a non-empty string (the schema: any string)') },
  'required-names-declared-field': { rule: 'elicitation/requested-schema', pointer: /^\/message\/params\/requestedSchema\/required\/\d+$/, why: OWN('a required field must be one of the declared properties (JSON Schema allows undeclared names in required)') },
  'form-content-against-request': { rule: 'elicitation/content-required', pointer: /^\/message\/result\/content\//, why: WHY.formContent },
  'content-only-for-accepted-form': { rule: 'elicitation/unexpected-content', pointer: /^\/message\/result\/content$/, why: WHY.unexpectedContent },
  'base64': { rule: 'format/base64', pointer: /\/(data|blob)$|^\/message\/result\/content\/data$/, why: WHY.format },
  'file-roots': { rule: 'roots/file-uri', pointer: /^\/message\/result\/roots\/\d+\/uri$/, why: WHY.fileRoot },
  'sampling-max-tokens-positive': { rule: 'sampling/params', pointer: /^\/message\/params\/maxTokens$/, why: OWN('maxTokens is a positive integer (the schema: any integer)') },
  'sampling-needs-a-message': { rule: 'sampling/params', pointer: /^\/message\/params\/messages$/, why: OWN('at least one message to sample from (the schema: any array)') },
  'content-size-non-negative': { rule: 'content/block-shape', pointer: /^\/message\/result\/content\/\d+\/size$/, why: OWN('a size in bytes is non-negative (the schema: any integer)') },
  'resource-size-non-negative': { rule: 'resources/descriptor-shape', pointer: /^\/message\/result\/resources\/\d+\/size$/, why: OWN('a size in bytes is non-negative (the schema: any integer)') },
  'cancel-names-request': { rule: 'cancellation/missing-request-id', pointer: /^\/message\/params\/requestId$/, why: WHY.cancelRequestId },
};

/** A known class of schema-invalid mutations we accept: the definition, the mutated pointer, and why. */
interface Looser {
  readonly definition: RegExp;
  readonly target: RegExp;
  readonly covers: (m: Mutation) => boolean;
  readonly why: string;
}

/** Mutations the official schema rejects and we accept, each class with its reason. */
const SCHEMA_STRICTER: Readonly<Record<string, Looser>> = {};

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

function matchDisagreement(revision: Revision, f: Finding): string | undefined {
  for (const [name, d] of Object.entries(OURS_STRICTER)) {
    if (d.rule === f.rule && d.pointer.test(f.pointer) && (d.revisions === undefined || d.revisions.includes(revision))) return name;
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
    const name = matchDisagreement(revision, f);
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

  test('course profile: never looser than the 2025-11-25 schema on mutations of generated instances', () => {
    const methods = [...officialSchema('2025-11-25').methods.values()].sort((a, b) => (a.method < b.method ? -1 : 1));
    for (const m of methods) fuzzMethod('2025-11-25', COURSE_PROFILE, m, false);
  });

  test('no unlisted disagreement, and every listed one still shows', () => {
    for (const [name, f] of figures) {
      console.log(`generated ${name}: ${f.instances} instances (${f.skipped} the generator got wrong, skipped), ${f.agreements} agree, `
        + `${f.listed} listed disagreements; ${f.mutations} mutations the schema rejects, ${f.caught} caught, ${f.listedMutations} listed`);
    }
    assert.equal(problems.slice(0, Number(process.env["SHOW_PROBLEMS"] ?? 40)), [], `${problems.length} unlisted disagreements`);
    const stale = [...Object.keys(OURS_STRICTER), ...Object.keys(SCHEMA_STRICTER)].filter((name) => !shown.has(name));
    assert.equal(stale, [], 'stale entries: no generated message shows them any more');
    assert.ok([...figures.values()].every((f) => f.instances > 0), 'every profile judged instances');
  });
}

test.run();
