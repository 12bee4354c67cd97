// Why: the official TypeScript SDK parses the same types we validate. For each compared type
// (support/sdk-subjects.ts), fast-check breaks a valid seed one way at a time (support/mutations.ts)
// and the SDK's zod schema must agree with our validator under the 2025-11-25 profile. The known
// differences are listed below, each naming exactly the mutations it covers and the side that
// accepts them; the property skips nothing else. Each difference keeps a witness mutation that
// must still show it, so an entry that no longer differs fails as stale.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { applyMutation, describeMutation, mutationArbitrary, pointerOf, type Mutation } from './support/mutations.ts';
import { ourFindings, SUBJECTS, type Subject } from './support/sdk-subjects.ts';

const RUNS_PER_SUBJECT = 200;

/** A known difference: which side accepts, for which mutations of which types, and why. */
interface Difference {
  readonly why: string;
  /** The SDK's verdict where we give the other one. */
  readonly sdk: 'accepts' | 'rejects';
  /** Subject name -> the pointers (of the value a mutation changes or adds) the difference covers. */
  readonly where: Readonly<Record<string, RegExp>>;
  /** Which mutations at those pointers it covers. */
  covers(m: Mutation): boolean;
  /** A mutation of the first subject's seed that shows the difference today. */
  readonly witness: Mutation;
}

/** The pointer of the value a mutation changes (for `add`, the added member). */
function target(m: Mutation): string {
  return pointerOf(m.kind === 'add' ? [...m.path, m.key] : m.path);
}

function valueOf(m: Mutation): unknown {
  return m.kind === 'drop' ? undefined : m.value;
}

const anyMutation = (): boolean => true;
const CAPABILITY_LEAVES = /^\/capabilities\/(logging|completions|experimental\/[^/]+|sampling\/(context|tools)|elicitation\/url|tasks\/(list|cancel)|tasks\/requests\/[^/]+\/[^/]+)$/;

const DIFFERENCES: Readonly<Record<string, Difference>> = {
  'sdk-object-assertion-takes-arrays': {
    why: 'the SDK checks open objects (capability entries, experimental entries, tool property schemas, sampling metadata) with `typeof value === "object"`, which arrays pass; the schema types them as objects',
    sdk: 'accepts',
    where: {
      'initialize params': CAPABILITY_LEAVES,
      'initialize result': CAPABILITY_LEAVES,
      'tools/list result': /^\/tools\/0\/(inputSchema|outputSchema)\/properties\/[^/]+$/,
      'sampling/createMessage params': /^\/metadata$/,
    },
    covers: (m) => Array.isArray(valueOf(m)),
    witness: { kind: 'retype', path: ['capabilities', 'sampling', 'context'], value: [] },
  },
  'sdk-number-for-integer': {
    why: 'the SDK types as number what the schema types as integer: Resource and ResourceLink size, TaskMetadata ttl, minLength, maxLength, minItems and maxItems of form fields',
    sdk: 'accepts',
    where: {
      'resources/list result': /^\/resources\/\d+\/size$/,
      'tools/call result': /^\/content\/\d+\/size$/,
      'tools/call params': /^\/task\/ttl$/,
      'elicitation/create params (form)': /^\/requestedSchema\/properties\/[^/]+\/(minLength|maxLength|minItems|maxItems)$/,
    },
    covers: (m) => typeof valueOf(m) === 'number' && !Number.isInteger(valueOf(m)),
    witness: { kind: 'retype', path: ['resources', 0, 'size'], value: 2.5 },
  },
  'tool-schema-keywords': {
    why: 'inside a tool\'s inputSchema or outputSchema property, the SDK (like the official schema) takes any object; we check the keywords we execute (type names, enum, bounds), as toolschema rules',
    sdk: 'accepts',
    where: { 'tools/list result': /^\/tools\/0\/(inputSchema|outputSchema)\/properties\/[^/]+\/.+$/ },
    covers: anyMutation,
    witness: { kind: 'enum', path: ['tools', 0, 'inputSchema', 'properties', 'to', 'type'], value: 'not-a-member' },
  },
  'boolean-property-schema': {
    why: 'tool schemas are judged as JSON Schema (ajv), where true and false are schemas; the SDK, like the 2025-11-25 schema (Tool inputSchema and outputSchema type each `properties` entry as an object), refuses a boolean there: a gap of ours, not yet reported (docs/severity.md, Known gaps)',
    sdk: 'rejects',
    where: { 'tools/list result': /^\/tools\/0\/(inputSchema|outputSchema)\/properties\/[^/]+$/ },
    covers: (m) => typeof valueOf(m) === 'boolean',
    witness: { kind: 'add', path: ['tools', 0, 'inputSchema', 'properties'], key: 'extraField', value: false },
  },
  'sdk-string-field-fallback': {
    why: 'the SDK\'s field union ends in StringSchemaSchema, a zod object that strips unknown keys, so a string field with a malformed oneOf (titled enum) or enum still parses as a plain string field; we check both',
    sdk: 'accepts',
    where: { 'elicitation/create params (form)': /^\/requestedSchema\/properties\/(colour\/oneOf|size\/enum)(\/.*)?$/ },
    covers: anyMutation,
    witness: { kind: 'retype', path: ['requestedSchema', 'properties', 'colour', 'oneOf', 0, 'title'], value: 7 },
  },
  'required-names-a-declared-field': {
    why: 'our elicitation/requested-schema rule requires every `required` entry to name a declared property; the SDK and the schema take any strings',
    sdk: 'accepts',
    where: { 'elicitation/create params (form)': /^\/requestedSchema\/(required\/\d+|properties\/nickname)$/ },
    covers: (m) => m.kind === 'enum' || m.kind === 'drop',
    witness: { kind: 'drop', path: ['requestedSchema', 'properties', 'nickname'] },
  },
  'sdk-call-tool-content-default': {
    why: 'the SDK\'s CallToolResultSchema defaults content to []; the schema requires content',
    sdk: 'accepts',
    where: { 'tools/call result': /^\/content$/ },
    covers: (m) => m.kind === 'drop',
    witness: { kind: 'drop', path: ['content'] },
  },
  'sdk-last-modified-date-time': {
    why: 'the SDK parses annotations.lastModified as an ISO 8601 date-time with an offset; the schema types it as a string (its description says ISO 8601) and the specification profiles check the type only (the course profile checks the format, format/timestamp)',
    sdk: 'rejects',
    where: {
      'resources/list result': /^\/resources\/\d+\/annotations\/lastModified$/,
      'tools/call result': /^\/content\/\d+\/annotations\/lastModified$/,
    },
    covers: (m) => typeof valueOf(m) === 'string',
    witness: { kind: 'enum', path: ['resources', 0, 'annotations', 'lastModified'], value: 'not-a-member' },
  },
  'sdk-sampling-result-one-block': {
    why: 'the SDK\'s CreateMessageResultSchema takes one content block (arrays only in CreateMessageResultWithToolsSchema); 2025-11-25\'s CreateMessageResult admits an array of blocks',
    sdk: 'rejects',
    where: { 'sampling/createMessage result': /^\/content$/ },
    covers: (m) => Array.isArray(valueOf(m)),
    witness: { kind: 'retype', path: ['content'], value: [] },
  },
  'form-content-against-request': {
    why: 'accepted form content is checked against the requestedSchema of the request it answers (declared fields, types, enums); the SDK parses the result alone',
    sdk: 'accepts',
    where: { 'elicitation/create result': /^\/content\/[^/]+(\/.*)?$/ },
    covers: anyMutation,
    witness: { kind: 'retype', path: ['content', 'age'], value: 'text' },
  },
  'sdk-elicit-content-null': {
    why: 'the SDK\'s ElicitResultSchema reads content: null as absent; the schema types content as an object',
    sdk: 'accepts',
    where: { 'elicitation/create result': /^\/content$/ },
    covers: (m) => m.kind !== 'drop' && valueOf(m) === null,
    witness: { kind: 'retype', path: ['content'], value: null },
  },
};

function covering(subject: Subject, m: Mutation, sdkAccepts: boolean): string | undefined {
  const at = target(m);
  for (const [name, d] of Object.entries(DIFFERENCES)) {
    const where = d.where[subject.name];
    if (where && where.test(at) && d.covers(m) && (d.sdk === 'accepts') === sdkAccepts) return name;
  }
  return undefined;
}

function verdicts(subject: Subject, value: unknown): { sdk: boolean; ours: boolean; findings: string } {
  const found = ourFindings(subject, value);
  return { sdk: subject.sdk(value), ours: found.length === 0, findings: found.map((f) => `${f.rule} ${f.pointer}`).join(', ') };
}

for (const subject of SUBJECTS) {
  test(`${subject.name}: the seed is valid for the SDK and for us`, () => {
    const v = verdicts(subject, subject.seed);
    assert.ok(v.sdk, 'the SDK rejects the seed');
    assert.ok(v.ours, `we reject the seed: ${v.findings}`);
  });

  test(`${subject.name}: the SDK and we agree on mutated seeds, except for the listed differences`, () => {
    fc.assert(
      fc.property(mutationArbitrary(subject.seed), (m) => {
        const v = verdicts(subject, applyMutation(subject.seed, m));
        if (v.sdk === v.ours) return;
        const known = covering(subject, m, v.sdk);
        assert.ok(known, `${describeMutation(m)}: the SDK ${v.sdk ? 'accepts' : 'rejects'}, we ${v.ours ? 'accept' : `reject (${v.findings})`}`);
      }),
      { numRuns: RUNS_PER_SUBJECT },
    );
  });
}

test('every difference names compared types, and its witness still shows it', () => {
  const names = new Set(SUBJECTS.map((s) => s.name));
  for (const [name, d] of Object.entries(DIFFERENCES)) {
    const subjects = Object.keys(d.where);
    for (const s of subjects) assert.ok(names.has(s), `${name}: no compared type ${s}`);
    const subject = SUBJECTS.find((s) => s.name === subjects[0])!;
    const v = verdicts(subject, applyMutation(subject.seed, d.witness));
    assert.is(covering(subject, d.witness, d.sdk === 'accepts'), name, `${name}: its witness ${describeMutation(d.witness)} is not one it covers`);
    assert.ok(v.sdk === (d.sdk === 'accepts') && v.ours !== v.sdk, `stale difference ${name}: on ${describeMutation(d.witness)} the SDK ${v.sdk ? 'accepts' : 'rejects'} and we ${v.ours ? 'accept' : 'reject'}`);
  }
});

test.run();
