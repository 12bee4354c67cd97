import type { Profile } from '../validators/context.ts';
import { courseProfile, PROFILES } from '../validators/profiles.ts';
import { InputError } from './errors.ts';
import type { Fixture } from './fixture-schema.ts';

/**
 * The profile a fixture is judged under: `override` (the CLI's --profile) first, then the
 * fixture's own `profile`, else the course profile (the format's origin).
 */
export function profileForFixture(fixture: Fixture, override?: string): Profile {
  const id = override ?? fixture.profile ?? 'course';
  const profile = PROFILES.get(id);
  if (!profile) {
    throw new InputError('fixture/invalid', '/profile', `unknown profile ${JSON.stringify(id)}; expected one of ${[...PROFILES.keys()].join(', ')}`);
  }
  return profile.id === 'course' ? courseProfile(fixture.protocol_version) : profile;
}
