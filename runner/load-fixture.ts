import * as v from 'valibot';
import { issuePointer } from '../validators/schema-check.ts';
import { parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';
import { InputError } from './errors.ts';
import { FixtureSchema, type Fixture } from './fixture-schema.ts';

/** Parses and checks a fixture's bytes; `label` names it in messages (never a local path). */
export function parseFixture(bytes: Uint8Array, label: string): Fixture {
  let data: unknown;
  try {
    data = parseStrictJson(bytes);
  } catch (error) {
    if (error instanceof StrictJsonError) throw new InputError(error.rule, error.pointer, `${label}: ${error.message}`);
    throw error;
  }
  const r = v.safeParse(FixtureSchema, data);
  if (!r.success) {
    const issue = r.issues[0]!;
    const pointer = issuePointer('', issue);
    throw new InputError('fixture/invalid', pointer, `${label}: invalid fixture at ${pointer || '/'}: ${issue.message}`);
  }
  const fixture = r.output;
  const revisions = fixture.authorization.revisions;
  if (!Object.hasOwn(revisions, fixture.authorization.initial_revision)) {
    throw new InputError('fixture/invalid', '/authorization/initial_revision',
      `${label}: invalid fixture at /authorization/initial_revision: no revision ${JSON.stringify(fixture.authorization.initial_revision)} is defined`);
  }
  const names = new Set<string>();
  fixture.cases.forEach((c, i) => {
    if (names.has(c.name)) {
      throw new InputError('fixture/invalid', `/cases/${i}/name`, `${label}: invalid fixture at /cases/${i}/name: duplicate case name ${JSON.stringify(c.name)}`);
    }
    names.add(c.name);
  });
  return fixture;
}
