import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  isDateTime,
  tasksMethods,
  validateCreateTaskResult,
  validateTask,
  validateTaskIdEcho,
  validateTaskMetadata,
} from '../../validators/tasks.ts';
import { ctx, loose, pairs } from './support.ts';

const AT = '/message/result';
const list = tasksMethods['tasks/list'];

function task(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    taskId: 'job-7',
    status: 'working',
    createdAt: '2026-01-02T03:04:05Z',
    lastUpdatedAt: '2026-01-02T04:04:06.250+01:00',
    ttl: 30000,
    ...extra,
  };
}

test('valid tasks are accepted', () => {
  for (const t of [
    task(),
    task({ ttl: null, pollInterval: 500, statusMessage: 'halfway' }),
    task({ status: 'input_required' }),
    task({ status: 'completed', ttl: 0 }),
    task({ status: 'failed' }),
    task({ status: 'cancelled' }),
  ]) {
    const out = validateTask(t, '/t', ctx);
    assert.equal(pairs(out), [], JSON.stringify(t));
    assert.ok(Object.isFrozen(out));
  }
});

const TASK_CASES: ReadonlyArray<{ name: string; task: unknown; expected: string[]; context?: typeof ctx }> = [
  { name: 'not an object', task: 'job', expected: ['tasks/task /t'] },
  { name: 'empty id', task: task({ taskId: '' }), expected: ['tasks/task /t/taskId'] },
  { name: 'unknown status', task: task({ status: 'running' }), expected: ['tasks/task /t/status'] },
  { name: 'date only (specification)', task: task({ createdAt: '2026-01-02' }), expected: ['tasks/task /t/createdAt'], context: loose },
  { name: 'not a timestamp (specification)', task: task({ lastUpdatedAt: 'yesterday' }), expected: ['tasks/task /t/lastUpdatedAt'], context: loose },
  { name: 'free timestamps (course profile: non-empty strings, not parsed)', task: task({ createdAt: 'just now', lastUpdatedAt: 'later' }), expected: [] },
  { name: 'empty timestamp (course profile)', task: task({ createdAt: '' }), expected: ['tasks/task /t/createdAt'] },
  { name: 'missing ttl', task: { ...task(), ttl: undefined }, expected: ['tasks/task /t/ttl'] },
  { name: 'negative ttl', task: task({ ttl: -1 }), expected: ['tasks/task /t/ttl'] },
  { name: 'fractional ttl', task: task({ ttl: 1.5 }), expected: ['tasks/task /t/ttl'] },
  { name: 'zero pollInterval (specification)', task: task({ pollInterval: 0 }), expected: ['tasks/task /t/pollInterval'], context: loose },
  { name: 'zero pollInterval (course profile)', task: task({ pollInterval: 0 }), expected: [] },
  { name: 'negative pollInterval', task: task({ pollInterval: -1 }), expected: ['tasks/task /t/pollInterval'] },
  { name: 'null pollInterval', task: task({ pollInterval: null }), expected: ['tasks/task /t/pollInterval'] },
  { name: 'statusMessage not a string', task: task({ statusMessage: 3 }), expected: ['tasks/task /t/statusMessage'] },
  {
    name: 'updated before created',
    task: task({ lastUpdatedAt: '2026-01-01T00:00:00Z' }),
    expected: ['tasks/timestamp-order /t/lastUpdatedAt'],
  },
];

for (const c of TASK_CASES) {
  test(`task: ${c.name}`, () => {
    const value = isRecord(c.task) ? Object.fromEntries(Object.entries(c.task).filter(([, x]) => x !== undefined)) : c.task;
    assert.equal(pairs(validateTask(value, '/t', c.context ?? ctx)), c.expected);
  });
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

test('unknown task keys are accepted (the schema leaves a Task open, and so does the course reference)', () => {
  assert.equal(pairs(validateTask(task({ owner: 'x' }), '/t', loose)), []);
  assert.equal(pairs(validateTask(task({ owner: 'x' }), '/t', ctx)), []);
});

test('isDateTime needs a date and a time with a zone', () => {
  assert.ok(isDateTime('2026-07-14T00:00:00Z'));
  assert.ok(isDateTime('2026-07-14T00:00:00.5-05:30'));
  assert.not.ok(isDateTime('2026-07-14'));
  assert.not.ok(isDateTime('2026-02-30T00:00:00Z'));
  assert.not.ok(isDateTime('2026-07-14T00:00:00'));
});

test('task metadata: {ttl?} with a non-negative integer (a positive one in the course profile)', () => {
  assert.equal(pairs(validateTaskMetadata({}, '/p/task', ctx)), []);
  assert.equal(pairs(validateTaskMetadata({ ttl: 60000 }, '/p/task', ctx)), []);
  assert.equal(pairs(validateTaskMetadata({ ttl: 0 }, '/p/task', ctx)), ['tasks/metadata /p/task/ttl']);
  assert.equal(pairs(validateTaskMetadata({ ttl: 0 }, '/p/task', loose)), []);
  assert.equal(pairs(validateTaskMetadata({ ttl: 1.5 }, '/p/task', ctx)), ['tasks/metadata /p/task/ttl']);
  assert.equal(pairs(validateTaskMetadata({ ttl: -5 }, '/p/task', ctx)), ['tasks/metadata /p/task/ttl']);
  assert.equal(pairs(validateTaskMetadata({ ttl: 'long' }, '/p/task', ctx)), ['tasks/metadata /p/task/ttl']);
  assert.equal(pairs(validateTaskMetadata({ keep: true }, '/p/task', ctx)), ['tasks/metadata /p/task/keep']);
  assert.equal(pairs(validateTaskMetadata(true, '/p/task', ctx)), ['tasks/metadata /p/task']);
});

test('CreateTaskResult: {task, _meta?} with a valid task', () => {
  assert.equal(pairs(validateCreateTaskResult({ task: task(), _meta: {} }, AT, ctx)), []);
  assert.equal(pairs(validateCreateTaskResult({ task: task({ status: 'done' }) }, AT, ctx)), [`tasks/task ${AT}/task/status`]);
  assert.equal(pairs(validateCreateTaskResult({ content: [] }, AT, ctx)), [`tasks/create-result ${AT}/task`]);
  assert.equal(pairs(validateCreateTaskResult({ task: task(), eta: 'soon' }, AT, ctx)), [], 'the schema leaves a CreateTaskResult open');
});

test('tasks/list params take the pagination cursor', () => {
  assert.equal(pairs(list?.params?.({}, '/p', ctx) ?? []), []);
  assert.equal(pairs(list?.params?.(undefined, '/p', ctx) ?? []), []);
  assert.equal(pairs(list?.params?.({ cursor: 'c1' }, '/p', ctx) ?? []), []);
  assert.equal(pairs(list?.params?.({ cursor: 1 }, '/p', ctx) ?? []).length > 0, true);
});

test('tasks/list result: tasks, nextCursor, unique ids (specification profiles), page size', () => {
  const result = (tasks: unknown, extra: Record<string, unknown> = {}) => list?.result?.({ tasks, ...extra }, AT, {}, ctx) ?? [];
  assert.equal(pairs(result([])), []);
  assert.equal(pairs(result([task(), task({ taskId: 'job-8' })], { nextCursor: 'n2' })), []);
  assert.equal(pairs(list?.result?.({ tasks: [task(), task()] }, AT, {}, loose) ?? []), [`tasks/duplicate-task-id ${AT}/tasks/1/taskId`]);
  assert.equal(pairs(result([task(), task()])), [], 'the course profile checks each snapshot alone');
  assert.equal(pairs(result([task({ ttl: 'x' })])), [`tasks/task ${AT}/tasks/0/ttl`]);
  assert.equal(pairs(list?.result?.({ items: [] }, AT, {}, ctx) ?? []), [`tasks/list-result ${AT}/tasks`, `tasks/list-result ${AT}/items`]);
  const many = Array.from({ length: 257 }, (_, i) => task({ taskId: `t${i}` }));
  assert.equal(pairs(result(many)), [`pagination/page-too-large ${AT}/tasks`]);
  assert.equal(pairs(result([], { nextCursor: 'x'.repeat(1025) })), [`pagination/cursor-too-long ${AT}/nextCursor`]);
});

test('a tasks/get or tasks/cancel result describes the task its request asked about', () => {
  const echo = (method: string, asked: unknown, described: unknown) => {
    const f = validateTaskIdEcho(method, { taskId: asked }, { taskId: described, status: 'working' });
    return f ? `${f.rule} ${f.pointer}` : '';
  };
  assert.is(echo('tasks/get', 't-1', 't-2'), 'tasks/task-id-mismatch /message/result/taskId');
  assert.is(echo('tasks/cancel', 't-1', 't-2'), 'tasks/task-id-mismatch /message/result/taskId');
  assert.is(echo('tasks/get', 't-1', 't-1'), '');
  // Another method, or a result without a string id (its shape is the Task validator's), is not compared.
  assert.is(echo('tasks/result', 't-1', 't-2'), '');
  assert.is(echo('tasks/get', 't-1', 7), '');
  assert.is(echo('tasks/get', undefined, 't-2'), '');
  assert.match(validateTaskIdEcho('tasks/get', { taskId: 'a' }, { taskId: 'b' })!.message, /asked for task "a" but the result describes "b"/);
});

test.run();
