import { defineRules, SPEC } from './rule.ts';

/** Rules of the `tasks` area: tasks/list, Task snapshots, task metadata and CreateTaskResult. */
export const tasksRules = defineRules('tasks', SPEC.tasks, {
  'list-result': 'A tasks/list result must be {tasks, nextCursor?, _meta?} (the cursor and page size are pagination rules).',
  'duplicate-task-id': 'Task ids must be unique within a tasks/list result.',
  'task': 'A Task must be {taskId, status, statusMessage?, createdAt, lastUpdatedAt, ttl, pollInterval?}: a non-empty id, a known status, ISO 8601 date-times, a non-negative integer or null ttl and a positive integer pollInterval.',
  'timestamp-order': { text: 'A task should not be last updated before it was created.', severity: 'warning' },
  'metadata': 'Task metadata in request params must be {ttl?} with a non-negative integer ttl in milliseconds.',
  'create-result': 'A task-augmented request must be answered with a CreateTaskResult {task, _meta?}.',
});
