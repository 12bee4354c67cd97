import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extensionsFor } from '../../machines/session-extensions.ts';
import { COURSE_PROFILE, courseProfile, profileFacts, SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import type { Profile } from '../../validators/context.ts';

const names = (profile: Profile) => extensionsFor({ profile }).map((e) => e.name);

test('a profile whose facts say only the core machines judge runs no extension, at whatever version it speaks', () => {
  assert.ok(profileFacts(COURSE_PROFILE).coreMachinesOnly);
  assert.equal(names(COURSE_PROFILE), []);
  assert.equal(names(courseProfile('2025-06-18')), []);
});

test('every specification profile runs the extensions of its revision', () => {
  for (const profile of [SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28]) assert.not.ok(profileFacts(profile).coreMachinesOnly, profile.id);
  assert.equal(names(SPEC_2025_06_18), ['request-ids', 'cancellation', 'progress', 'prompt-catalogue', 'cursors']);
  assert.equal(names(SPEC_2025_11_25), ['request-ids', 'cancellation', 'progress', 'tasks', 'prompt-catalogue', 'cursors']);
  assert.equal(names(SPEC_2026_07_28), ['stateless', 'input-required', 'cancellation', 'progress', 'log-levels']);
});

test.run();
