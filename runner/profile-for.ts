import type { Profile } from '../validators/context.ts';
import { courseProfile, PROFILES, profileFacts, profileForVersion } from '../validators/profiles.ts';
import { checkCourseFixture } from './course-fixture.ts';
import { InputError } from '../files/input-error.ts';
import type { Fixture } from './fixture-schema.ts';
import { loneSurrogateRefusal } from './load-fixture.ts';

/** The sections only the course profile requires: a fixture holding one is a course fixture. */
const COURSE_SECTIONS = ['authorization', 'transport_context_defaults', 'tool'] as const;

/**
 * The profile a fixture names, or the one it implies: a fixture without `profile` is a course
 * fixture (the format's origin) when it holds a course-only section or speaks a revision no
 * specification profile judges; otherwise it is judged under the specification profile of its
 * `protocol_version`. Takes the raw data too, before the format is checked.
 */
export function fixtureProfileId(data: Readonly<Record<string, unknown>>): string {
  const named = data['profile'];
  if (typeof named === 'string') return named;
  if (COURSE_SECTIONS.some((k) => data[k] !== undefined)) return 'course';
  const version = data['protocol_version'];
  return (typeof version === 'string' ? profileForVersion(version)?.id : undefined) ?? 'course';
}

/**
 * The profile a fixture is judged under: `override` (the CLI's --profile) first, then the
 * fixture's own profile (see fixtureProfileId). A course fixture the course profile cannot run
 * (see checkCourseFixture) is refused with an InputError.
 */
export function profileForFixture(fixture: Fixture, override?: string): Profile {
  const id = override ?? fixtureProfileId(fixture);
  const profile = PROFILES.get(id);
  if (!profile) {
    throw new InputError('fixture/invalid', '/profile', `unknown profile ${JSON.stringify(id)}; expected one of ${[...PROFILES.keys()].join(', ')}`);
  }
  if (!profileFacts(profile).takesLoneSurrogates) {
    // Only the course profile takes an escaped unpaired surrogate (as its reference's JSON reader does).
    const refusal = loneSurrogateRefusal(fixture);
    if (refusal !== undefined) throw refusal;
    return profile;
  }
  // A fixture written for another profile and run with --profile course has its cases judged the
  // course's way, but its header was written to its own profile's rules: only the headers of
  // fixtures that name no other profile are held to the course's (the course profile needs its
  // OAuth sections, so a fixture without them that names no profile cannot run under it).
  if ((fixture.profile ?? 'course') === 'course') checkCourseFixture(fixture);
  return courseProfile(fixture.protocol_version);
}
