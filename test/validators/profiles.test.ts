import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COURSE_PROFILE, courseProfile, PROFILE_IDS, PROFILES } from '../../validators/profiles.ts';

test('the profile ids that fixtures and headers accept are exactly the profiles there are', () => {
  assert.equal([...PROFILE_IDS], [...PROFILES.keys()]);
});

test('the course profile speaks the version it is given, and is the course profile in every other respect', () => {
  assert.is(courseProfile(undefined), COURSE_PROFILE);
  const taught = courseProfile('2025-06-18');
  assert.is(taught.protocolVersion, '2025-06-18');
  assert.equal({ ...taught, protocolVersion: COURSE_PROFILE.protocolVersion }, COURSE_PROFILE);
});

test.run();
