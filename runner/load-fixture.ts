import * as v from 'valibot';
import { parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';
import { InputError } from '../files/input-error.ts';
import { CourseFixtureSchema, FixtureSchema, type Fixture } from './fixture-schema.ts';
import { inputKindOf, looksLikeFixture } from './input-kind.ts';
import { describeIssue, shown } from './schema-issue.ts';
import { ruleById } from '../validators/rules/index.ts';
import { fixtureProfileId } from './profile-for.ts';

/** The error for a transcript where a fixture was expected, naming the command that judges it. */
export function transcriptNotFixture(label: string): InputError {
  return new InputError(ruleById('fixture/wrong-kind').id, '',
    `${label} is a transcript (one JSON step per line), not a fixture: judge it with \`mcp-statechart validate\``);
}

/**
 * Fixtures read with a `\u` escape of an unpaired surrogate, with the refusal every profile but the
 * course's makes of them (see profileForFixture).
 */
const LONE_SURROGATE_ESCAPES = new WeakMap<Fixture, InputError>();

/** The refusal of a fixture that holds an escaped unpaired surrogate, if it holds one. */
export function loneSurrogateRefusal(fixture: Fixture): InputError | undefined {
  return LONE_SURROGATE_ESCAPES.get(fixture);
}

/** Parses the fixture's bytes; an escaped unpaired surrogate is taken, and its refusal returned beside the value. */
function parseFixtureJson(bytes: Uint8Array, label: string): { data: unknown; refusal: InputError | undefined } {
  try {
    return { data: parseStrictJson(bytes, { spellings: true }), refusal: undefined };
  } catch (error) {
    if (!(error instanceof StrictJsonError)) throw error;
    if (inputKindOf(bytes) === 'transcript') throw transcriptNotFixture(label);
    const refusal = new InputError(error.rule, error.pointer, `${label}: ${error.message}`);
    if (error.rule !== ruleById('json/lone-surrogate').id) throw refusal;
    // The course's reference reads fixtures with Python's JSON reader, which takes an escaped
    // unpaired surrogate: a course fixture holding one is judged (one written raw is no UTF-8).
    try {
      return { data: parseStrictJson(bytes, { spellings: true, loneSurrogateEscapes: true }), refusal };
    } catch (again) {
      if (!(again instanceof StrictJsonError)) throw again;
      throw again.rule === error.rule ? refusal : new InputError(again.rule, again.pointer, `${label}: ${again.message}`);
    }
  }
}

/**
 * Parses and checks a fixture's bytes; `label` names it in messages (never a local path). A
 * transcript is recognised and refused with the command that judges it.
 */
export function parseFixture(bytes: Uint8Array, label: string): Fixture {
  const { data, refusal } = parseFixtureJson(bytes, label);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputError(ruleById('fixture/invalid').id, '', `${label}: invalid fixture: a fixture is one JSON object, found ${shown(data)}`);
  }
  const schema = fixtureProfileId(data as Record<string, unknown>) === 'course' ? CourseFixtureSchema : FixtureSchema;
  const r = v.safeParse(schema, data);
  if (!r.success) {
    if (!looksLikeFixture(data) && inputKindOf(bytes) === 'transcript') throw transcriptNotFixture(label);
    const { pointer, text } = describeIssue(schema, r.issues);
    throw new InputError(ruleById('fixture/invalid').id, pointer, `${label}: invalid fixture at ${pointer || '/'}: ${text}`);
  }
  const fixture = r.output;
  const revisions = fixture.authorization?.revisions ?? {};
  if (fixture.authorization !== undefined && !Object.hasOwn(revisions, fixture.authorization.initial_revision)) {
    throw new InputError(ruleById('fixture/invalid').id, '/authorization/initial_revision',
      `${label}: invalid fixture at /authorization/initial_revision: no revision ${JSON.stringify(fixture.authorization.initial_revision)} is defined`);
  }
  const names = new Set<string>();
  fixture.cases.forEach((c, i) => {
    if (names.has(c.name)) {
      throw new InputError(ruleById('fixture/invalid').id, `/cases/${i}/name`, `${label}: invalid fixture at /cases/${i}/name: duplicate case name ${JSON.stringify(c.name)}`);
    }
    names.add(c.name);
  });
  if (refusal !== undefined) {
    if (fixtureProfileId(fixture) !== 'course') throw refusal;
    LONE_SURROGATE_ESCAPES.set(fixture, refusal);
  }
  return fixture;
}
