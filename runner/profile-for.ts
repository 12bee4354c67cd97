import type { Profile } from '../validators/context.ts';
import { courseProfile, PROFILES } from '../validators/profiles.ts';
import { checkCourseFixture } from './course-fixture.ts';
import { InputError } from '../files/input-error.ts';
import type { Fixture } from './fixture-schema.ts';

/**
 * The profile a fixture is judged under: `override` (the CLI's --profile) first, then the
 * fixture's own `profile`, else the course profile (the format's origin). A course fixture the
 * course profile cannot run (see checkCourseFixture) is refused with an InputError.
 */
export function profileForFixture(fixture: Fixture, override?: string): Profile {
  const id = override ?? fixture.profile ?? 'course';
  const profile = PROFILES.get(id);
  if (!profile) {
    throw new InputError('fixture/invalid', '/profile', `unknown profile ${JSON.stringify(id)}; expected one of ${[...PROFILES.keys()].join(', ')}`);
  }
  if (profile.id !== 'course') return profile;
  // A fixture written for another profile and run with --profile course has its cases judged the
  // course's way, but its header was written to its own profile's rules: only course fixtures'
  // headers are held to the course's.
  if ((fixture.profile ?? 'course') === 'course') checkCourseFixture(fixture);
  return courseProfile(fixture.protocol_version);
}
