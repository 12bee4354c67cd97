import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { profileSchemas, strictOrLoose } from '../../validators/profile-schemas.ts';
import { COURSE_PROFILE, courseProfile, PROFILE_IDS, PROFILES, profileFacts, revisionFacts, SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28, TOOL_SCHEMA_EXTENSIONS } from '../../validators/profiles.ts';

test('the profile ids that fixtures and headers accept are exactly the profiles there are', () => {
  assert.equal([...PROFILE_IDS], [...PROFILES.keys()]);
});

test('the course profile speaks the version it is given, and is the course profile in every other respect', () => {
  assert.is(courseProfile(undefined), COURSE_PROFILE);
  const taught = courseProfile('2025-06-18');
  assert.is(taught.protocolVersion, '2025-06-18');
  assert.equal({ ...taught, protocolVersion: COURSE_PROFILE.protocolVersion }, COURSE_PROFILE);
});

test('schema variants are built once each, on first use, and picked by the profile', () => {
  const built: string[] = [];
  const byRevision = profileSchemas((strict, since) => { built.push(`${strict}/${since}`); return `${strict}/${since}`; });
  const byStrictness = strictOrLoose((strict) => { built.push(`${strict}`); return `${strict}`; });
  assert.equal(built, [], 'nothing is built before it is asked for');
  const ctx = (profile: typeof COURSE_PROFILE) => ({ profile, tools: new Map() });
  assert.is(byRevision(ctx(COURSE_PROFILE)), 'true/true');
  assert.is(byRevision(ctx(SPEC_2025_11_25)), 'false/true');
  assert.is(byRevision(ctx(SPEC_2026_07_28)), 'false/true');
  assert.is(byRevision(ctx(SPEC_2025_06_18)), 'false/false');
  assert.is(byStrictness(ctx(COURSE_PROFILE)), 'true');
  assert.is(byStrictness(ctx(SPEC_2025_06_18)), 'false');
  assert.is(byStrictness(ctx(SPEC_2026_07_28)), 'false');
  assert.equal(built, ['true/true', 'false/true', 'false/false', 'true', 'false']);
});

test('what differs between revisions is read from one row per revision: 2026-07-28 takes any structured output and an optional elicitationId, meta on every request and x-mcp-header in tool schemas', () => {
  assert.equal(revisionFacts(SPEC_2026_07_28), { anyStructuredOutput: true, optionalElicitationId: true, perRequestMeta: true, toolSchemaExtensions: ['x-mcp-header'] });
  for (const profile of [SPEC_2025_11_25, SPEC_2025_06_18, COURSE_PROFILE]) {
    assert.equal(revisionFacts(profile), { anyStructuredOutput: false, optionalElicitationId: false, perRequestMeta: false, toolSchemaExtensions: [] }, profile.id);
  }
  // A keyword some revision defines is no unknown keyword in any profile (a server of both eras sends the same tools).
  assert.equal([...TOOL_SCHEMA_EXTENSIONS], ['x-mcp-header']);
});

test('the course profile, at whatever version it speaks, has the reference\'s facts; every specification profile has the specification\'s', () => {
  const course = profileFacts(courseProfile('2025-06-18'));
  assert.is(course, profileFacts(COURSE_PROFILE));
  assert.equal([course.refusesUntaughtMethods, course.declaredToolsOnly, course.pendingOverflow, course.caseStepLimit], [true, true, 'reject', 512]);
  for (const spec of [SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28]) {
    const facts = profileFacts(spec);
    assert.equal([facts.refusesUntaughtMethods, facts.declaredToolsOnly, facts.pendingOverflow, facts.caseStepLimit, facts.warnsUnsafeIntegers], [false, false, 'forget', null, true]);
  }
  // The reference's tightened reading is the profile's `strict` flag, named where the charts take it.
  for (const profile of PROFILES.values()) assert.is(profileFacts(profile).tightenedReading, profile.strict);
});

test.run();
