import { defineRules, SPEC } from './rule.ts';

/** Rules of the `tasks` area: Task snapshots and the task methods, and each task's status lifecycle. */
export const tasksRules = defineRules('tasks', SPEC.tasks, {
  'list-result': { text: 'A tasks/list result must be {tasks, nextCursor?, _meta?} (the cursor and page size are pagination rules).', keyword: 'schema' },
  'duplicate-task-id': { text: 'Task ids must be unique within a tasks/list result (specification profiles; the course profile checks each snapshot alone).', keyword: 'MUST' },
  'task': { text: 'A Task must be {taskId, status, statusMessage?, createdAt, lastUpdatedAt, ttl, pollInterval?}: a non-empty id, a known status, ISO 8601 date-times, a non-negative integer or null ttl and a positive integer pollInterval (the course profile takes any non-empty timestamp strings and a pollInterval of 0).', keyword: 'schema' },
  'timestamp-order': { text: 'A task should not be last updated before it was created.', severity: 'warning', keyword: 'SHOULD NOT' },
  'metadata': { text: 'Task metadata in request params must be {ttl?} with a non-negative integer ttl in milliseconds (a positive one in the course profile).', keyword: 'schema' },
  'create-result': { text: 'A task-augmented request must be answered with a CreateTaskResult {task, _meta?, ...} (the schema leaves it open).', keyword: 'schema' },
  'task-params': { text: 'tasks/get, tasks/result and tasks/cancel params must be {taskId, _meta?} with a string taskId.', keyword: 'schema' },
  'payload-result': { text: 'A tasks/result result must be the underlying request\'s result, carrying io.modelcontextprotocol/related-task metadata that names the requested task.', keyword: 'schema' },
  'related-task': { text: 'io.modelcontextprotocol/related-task metadata must be {taskId} with a string taskId.', keyword: 'schema' },
  'unknown-related-task': { text: 'Related-task metadata should name a task created in this session (tasks may outlive a session, so this is a warning).', severity: 'warning', keyword: 'SHOULD' },
  'unknown-task': { text: 'A task operation or status notification should name a task the receiver created in this session (tasks may outlive a session, so this is a warning).', severity: 'warning', keyword: 'SHOULD' },
  'wrong-side': { text: 'Task operations go from the requestor to the receiver that created the task, and status notifications from that receiver to the requestor.', keyword: 'MUST' },
  'task-id-reused': { text: 'Task ids must be unique among all tasks the receiver controls: a CreateTaskResult must not reuse one.', keyword: 'MUST NOT' },
  'task-id-mismatch': { text: 'A tasks/get or tasks/cancel result must describe the task named in the request.', keyword: 'MUST' },
  'terminal-transition': { text: 'A task in a terminal status (completed, failed, cancelled) must not move to any other status.', keyword: 'MUST NOT' },
  'cancel-terminal-task': { text: 'tasks/cancel should not name a task already known to be terminal (the receiver must reject it).', severity: 'warning', keyword: 'SHOULD NOT' },
  'cancel-accepted-terminal': { text: 'A tasks/cancel for a task already in a terminal status must be rejected with -32602, not answered with a Task.', keyword: 'MUST' },
  'cancel-result-status': { text: 'A successful tasks/cancel result must report the task in the cancelled status.', keyword: 'MUST' },
});
