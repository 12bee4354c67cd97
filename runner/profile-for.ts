import type { Profile } from '../validators/context.ts';
import { COURSE_PROFILE } from '../validators/profiles.ts';
import type { Fixture } from './fixture-schema.ts';

/** The profile a fixture is judged under: schema_version 3 fixtures are course-profile fixtures. */
export function profileForFixture(fixture: Fixture): Profile {
  return { ...COURSE_PROFILE, protocolVersion: fixture.protocol_version };
}
