import { defineRules, SPEC } from './rule.ts';

/** Rules of the strict course profile that are about the profile itself. */
export const profileRules = defineRules('profile', SPEC.course, {
  'unsupported-method': {
    text: 'The course profile cannot validate this method\'s results and rejects it before creating pending state.',
    keyword: 'course',
  },
});
