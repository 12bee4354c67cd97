import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { taskExtension } from '../../machines/task-extension.ts';
import { taskMachine, UNHELD_TASK } from '../../machines/task.ts';
import { COURSE_PROFILE, SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { c2s, play, readySession, s2c } from './spec-session.ts';
import { transcript } from './transcript.ts';

const input = { taskId: 't-1', holder: 'server_to_client', method: 'tools/call', params: {}, requestId: 2 };
const status = (s: string) => ({ type: 'status', status: s, at: '/message/params/status' });
const E: Record<string, object> = {
  created: { type: 'created', at: '/message/result/task/taskId' },
  cancel: { type: 'cancel.requested', at: '/message/params/taskId' },
  cancelled: { type: 'cancel.confirmed', status: 'cancelled', at: '/message/result/status' },
  cancelledAsWorking: { type: 'cancel.confirmed', status: 'working', at: '/message/result/status' },
  delivered: { type: 'result.delivered' },
};
const run = (events: object[]) => transcript(taskMachine, input, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());

test('working and input_required move freely, and to any terminal status', () => {
  assert.equal(run([status('working'), status('input_required'), status('working'), status('completed')]), [
    '"working"', '"input_required"', '"working"', '"completed"',
  ]);
  assert.equal(run([status('input_required'), status('failed')]), ['"input_required"', '"failed"']);
  assert.equal(run([status('cancelled')]), ['"cancelled"']);
});

test('a terminal status has no way out; the same status may be reported again', () => {
  for (const end of ['completed', 'failed', 'cancelled']) {
    const others = ['working', 'input_required', 'completed', 'failed', 'cancelled'].filter((s) => s !== end);
    assert.equal(run([status(end), status(end), ...others.map(status)]), [
      `"${end}"`, `"${end}"`, ...others.map(() => `"${end}" tasks/terminal-transition`),
    ]);
  }
});

test('tasks/cancel: a terminal task warns on request and fails on acceptance; a confirmation must say cancelled', () => {
  assert.equal(run([E['cancel']!, E['cancelledAsWorking']!, E['cancelled']!, E['cancel']!, E['cancelled']!]), [
    '"working"', '"working" tasks/cancel-result-status', '"cancelled"', '"cancelled" tasks/cancel-terminal-task', '"cancelled" tasks/cancel-accepted-terminal',
  ]);
});

test('a delivered tasks/result means terminal, whichever terminal status is reported later', () => {
  assert.equal(run([E['delivered']!, status('working'), status('failed'), E['delivered']!]), [
    '"ended"', '"ended" tasks/terminal-transition', '"failed"', '"failed"',
  ]);
  assert.equal(run([E['delivered']!, E['cancel']!, E['cancelled']!]), ['"ended"', '"ended" tasks/cancel-terminal-task', '"ended" tasks/cancel-accepted-terminal']);
});

test('a task id is created once', () => {
  assert.equal(run([E['created']!, status('completed'), E['created']!]), ['"working" tasks/task-id-reused', '"completed"', '"completed" tasks/task-id-reused']);
});

const mentioned = (taskId: string, by: 'query' | 'status', from: string, creationAwaited = false) =>
  ({ type: 'mentioned', taskId, by, from, creationAwaited, at: '/message/params/taskId' });
const relatedTo = (taskId: string) => ({ type: 'related', taskId, at: '/message/params/_meta/io.modelcontextprotocol~1related-task/taskId' });

test('isWrongSide: the requestor queries the task and its holder reports its status, in any state', () => {
  assert.equal(run([
    mentioned('t-1', 'query', 'client_to_server'), mentioned('t-1', 'status', 'server_to_client'),
    mentioned('t-1', 'query', 'server_to_client'), mentioned('t-1', 'status', 'client_to_server'),
    status('completed'), mentioned('t-1', 'query', 'server_to_client'),
  ]), ['"working"', '"working"', '"working" tasks/wrong-side', '"working" tasks/wrong-side', '"completed"', '"completed" tasks/wrong-side']);
});

test('isUnknownTask, isUnknownRelatedTask: the actor holding no task warns of every task named to it and never moves', () => {
  const unheld = (events: object[]) => transcript(taskMachine, UNHELD_TASK, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
  assert.equal(unheld([mentioned('t-9', 'query', 'client_to_server'), mentioned('t-9', 'status', 'server_to_client'), relatedTo('t-9')]), [
    '"working" tasks/unknown-task', '"working" tasks/unknown-task', '"working" tasks/unknown-related-task',
  ]);
  // A status notification may overtake the CreateTaskResult still awaited: not judged unknown then.
  assert.equal(unheld([mentioned('t-9', 'status', 'server_to_client', true), mentioned('t-9', 'query', 'client_to_server', true)]), [
    '"working"', '"working" tasks/unknown-task',
  ]);
  // A task's own actor knows its id.
  assert.equal(run([relatedTo('t-1'), mentioned('t-1', 'query', 'client_to_server')]), ['"working"', '"working"']);
});

const T = (taskId: string, status: string, extra: object = {}) =>
  ({ taskId, status, createdAt: '2025-11-25T10:00:00Z', lastUpdatedAt: '2025-11-25T10:00:05Z', ttl: 60000, ...extra });
const call = (id: number) => c2s({ id, method: 'tools/call', params: { name: 'convert', arguments: { cents: 1 }, task: { ttl: 60000 } } });
const related = (taskId: string) => ({ 'io.modelcontextprotocol/related-task': { taskId } });

test('session: create, poll, complete and fetch the result, validated as the original tools/call result', () => {
  const s = readySession(SPEC_2025_11_25);
  assert.equal(play(s, [
    call(2),
    s2c({ id: 2, result: { task: T('t-1', 'working') } }),
    c2s({ id: 3, method: 'tasks/get', params: { taskId: 't-1' } }),
    s2c({ id: 3, result: T('t-1', 'input_required') }),
    s2c({ id: 9, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'rate?' } }], maxTokens: 10, _meta: related('t-1') } }),
    c2s({ id: 9, result: { role: 'assistant', content: { type: 'text', text: '1.1' }, model: 'm', _meta: related('t-1') } }),
    s2c({ method: 'notifications/tasks/status', params: T('t-1', 'completed') }),
    c2s({ id: 4, method: 'tasks/result', params: { taskId: 't-1' } }),
    s2c({ id: 4, result: { content: 'not a list', _meta: related('t-1') } }),
    s2c({ id: 4, result: { content: [{ type: 'text', text: 'done' }] } }),
    s2c({ id: 4, result: { content: [{ type: 'text', text: 'done' }], _meta: related('t-1') } }),
  ]), [
    [], [], [], [], [], [], [], [],
    ['tools/call-result /message/result/content'],
    ['tasks/payload-result /message/result/_meta/io.modelcontextprotocol~1related-task'],
    [],
  ]);
});

test('session: terminal tasks, unknown ids, the wrong side and reused ids', () => {
  const s = readySession(SPEC_2025_11_25);
  assert.equal(play(s, [
    call(2),
    s2c({ id: 2, result: { task: T('t-1', 'completed') } }),
    s2c({ method: 'notifications/tasks/status', params: T('t-1', 'working') }),
    c2s({ id: 3, method: 'tasks/cancel', params: { taskId: 't-1' } }),
    s2c({ id: 3, result: T('t-1', 'cancelled') }),
    s2c({ id: 3, error: { code: -32602, message: 'already completed' } }),
    c2s({ id: 4, method: 'tasks/get', params: { taskId: 'other' } }),
    s2c({ id: 4, result: T('t-2', 'working') }),
    s2c({ id: 4, result: T('other', 'working') }),
    s2c({ id: 5, method: 'tasks/get', params: { taskId: 't-1' } }),
    c2s({ method: 'notifications/tasks/status', params: T('t-1', 'completed') }),
    call(6),
    s2c({ id: 6, result: { task: T('t-1', 'working') } }),
    c2s({ id: 7, method: 'ping', params: { _meta: related('ghost') } }),
    c2s({ id: 8, method: 'ping', params: { _meta: { 'io.modelcontextprotocol/related-task': { id: 'x' } } } }),
  ]), [
    [], [],
    ['tasks/terminal-transition /message/params/status'],
    ['tasks/cancel-terminal-task /message/params/taskId'],
    ['tasks/cancel-accepted-terminal /message/result/status'],
    [],
    ['tasks/unknown-task /message/params/taskId'],
    ['tasks/task-id-mismatch /message/result/taskId'],
    [],
    ['tasks/wrong-side /message/params/taskId'],
    ['tasks/wrong-side /message/params/taskId'],
    [],
    ['tasks/task-id-reused /message/result/task/taskId'],
    ['tasks/unknown-related-task /message/params/_meta/io.modelcontextprotocol~1related-task/taskId'],
    ['tasks/related-task /message/params/_meta/io.modelcontextprotocol~1related-task/taskId'],
  ]);
  const view = s.view().extensions as Record<string, { held_by_server: { taskId: string; state: string }[] }>;
  assert.equal(view['tasks']?.held_by_server, [{ taskId: 't-1', state: 'completed' }, { taskId: 'other', state: 'working' }]);
});

test('session: tasks/list reports are judged per task; unknown ones are adopted', () => {
  const s = readySession(SPEC_2025_11_25);
  assert.equal(play(s, [
    call(2),
    s2c({ id: 2, result: { task: T('t-1', 'failed') } }),
    c2s({ id: 3, method: 'tasks/list' }),
    s2c({ id: 3, result: { tasks: [T('t-9', 'working'), T('t-1', 'working')] } }),
    s2c({ id: 3, result: { tasks: [T('t-9', 'working'), T('t-1', 'failed')] } }),
    s2c({ method: 'notifications/tasks/status', params: T('t-9', 'completed') }),
  ]), [[], [], [], ['tasks/terminal-transition /message/result/tasks/1/status'], [], []]);
});

test('which profiles run the task machines', () => {
  assert.is(taskExtension(COURSE_PROFILE), undefined);
  assert.is(taskExtension(SPEC_2025_06_18), undefined);
  assert.is(taskExtension(SPEC_2026_07_28), undefined);
  assert.ok(taskExtension(SPEC_2025_11_25));
});

test.run();
