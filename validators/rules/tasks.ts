import { defineRules, SPEC } from './rule.ts';

/** Rules of the `tasks` area. */
export const tasksRules = defineRules('tasks', SPEC.tasks, {});
