import { COURSE, defineRules } from './rule.ts';

/** Rules of the strict course profile that are about the profile itself. */
export const profileRules = defineRules('profile', COURSE.clientFeatures, {
  'unsupported-method': {
    text: 'The course profile cannot validate this method\'s results and rejects it before creating pending state.',
    keyword: 'course',
  },
  'too-many-steps': {
    text: 'The course profile plays at most 512 steps in one case, as its reference does; a longer case fails.',
    keyword: 'course',
  },
});
