import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Finding } from '../../validators/finding.ts';
import { loose as ctx } from './support.ts';
import { isTerminalStatus, relatedTaskId, tasksMethods, validateRelatedTask } from '../../validators/tasks.ts';

const pairs = (findings: readonly Finding[]) => findings.map((f) => `${f.rule} ${f.pointer}`);
const REL = 'io.modelcontextprotocol/related-task';
const task = (extra: object = {}) => ({ taskId: 't-1', status: 'working', createdAt: '2025-11-25T10:00:00Z', lastUpdatedAt: '2025-11-25T10:00:00Z', ttl: null, ...extra });

test('tasks/get, tasks/result and tasks/cancel take {taskId, _meta?}', () => {
  for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
    const params = tasksMethods[method]!.params!;
    assert.equal(pairs(params({ taskId: 't-1', _meta: {} }, '/p', ctx)), []);
    assert.equal(pairs(params({ taskId: 7 }, '/p', ctx)), ['tasks/task-params /p/taskId']);
    assert.equal(pairs(params(undefined, '/p', ctx)), ['tasks/task-params /p']);
  }
});

test('tasks/get and tasks/cancel results and status notifications are Tasks that may carry _meta', () => {
  for (const validate of [tasksMethods['tasks/get']!.result!, tasksMethods['tasks/cancel']!.result!]) {
    assert.equal(pairs(validate(task({ _meta: {} }), '/r', undefined, ctx)), []);
    assert.equal(pairs(validate(task({ status: 'done' }), '/r', undefined, ctx)), ['tasks/task /r/status']);
  }
  const status = tasksMethods['notifications/tasks/status']!.params!;
  assert.equal(pairs(status(task({ status: 'completed' }), '/p', ctx)), []);
  assert.equal(pairs(status({ taskId: 't-1', status: 'completed' }, '/p', ctx)), ['tasks/task /p/createdAt', 'tasks/task /p/lastUpdatedAt', 'tasks/task /p/ttl']);
});

test('a tasks/result result carries related-task metadata naming the requested task', () => {
  const validate = tasksMethods['tasks/result']!.result!;
  const req = { taskId: 't-1' };
  assert.equal(pairs(validate({ content: [], _meta: { [REL]: { taskId: 't-1' } } }, '/r', req, ctx)), []);
  assert.equal(pairs(validate({ content: [] }, '/r', req, ctx)), ['tasks/payload-result /r/_meta/io.modelcontextprotocol~1related-task']);
  assert.equal(pairs(validate({ _meta: { [REL]: { taskId: 't-2' } } }, '/r', req, ctx)), ['tasks/payload-result /r/_meta/io.modelcontextprotocol~1related-task/taskId']);
  assert.equal(pairs(validate({ _meta: { [REL]: 't-1' } }, '/r', req, ctx)), ['tasks/related-task /r/_meta/io.modelcontextprotocol~1related-task']);
  assert.equal(pairs(validate([], '/r', req, ctx)), ['tasks/payload-result /r']);
});

test('related-task metadata and terminal statuses', () => {
  assert.equal(pairs(validateRelatedTask({ other: 1 }, '/m')), []);
  assert.equal(pairs(validateRelatedTask({ [REL]: { taskId: 3 } }, '/m')), ['tasks/related-task /m/io.modelcontextprotocol~1related-task/taskId']);
  assert.is(relatedTaskId({ [REL]: { taskId: 'x' } }), 'x');
  assert.is(relatedTaskId({ [REL]: {} }), undefined);
  assert.equal(['working', 'input_required', 'completed', 'failed', 'cancelled'].map(isTerminalStatus), [false, false, true, true, true]);
});

test.run();
