import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { progressExtension } from '../../machines/progress-extension.ts';
import { progressMachine, UNHELD_PROGRESS } from '../../machines/progress.ts';
import { COURSE_PROFILE, SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { c2s, play, readySession, s2c } from './spec-session.ts';
import { transcript } from './transcript.ts';

const input = { token: 'tok', direction: 'client_to_server', requestId: 2, method: 'tools/call' };
const from = (direction: string, progress: number, total?: number) => ({ type: 'progress', from: direction, progress, total });
const got = (n: number, total?: number) => from('server_to_client', n, total);
const E: Record<string, object> = {
  answered: { type: 'answered' },
  cancelled: { type: 'cancelled' },
  created: { type: 'task.created', taskId: 't-1' },
  ended: { type: 'task.ended' },
  reuse: { type: 'reuse', requestId: 3 },
};
const run = (events: object[]) => transcript(progressMachine, input, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());

test('progress from the receiver must increase; equal or lower values are rejected and change nothing', () => {
  assert.equal(run([got(1), got(2.5), got(2.5), got(2), got(3)]), [
    '{"open":"in_flight"}', '{"open":"in_flight"}', '{"open":"in_flight"} progress/not-increasing',
    '{"open":"in_flight"} progress/not-increasing', '{"open":"in_flight"}',
  ]);
});

test('progress beyond the known total warns (the total may come from an earlier notification)', () => {
  assert.equal(run([got(5, 10), got(11), got(12, 20)]), [
    '{"open":"in_flight"}', '{"open":"in_flight"} progress/exceeds-total', '{"open":"in_flight"}',
  ]);
});

test('the requestor never reports progress, open or done', () => {
  assert.equal(run([from('client_to_server', 1), E['answered']!, from('client_to_server', 2)]), [
    '{"open":"in_flight"} progress/wrong-sender', '"done"', '"done" progress/wrong-sender',
  ]);
});

test('nothing follows the response; a token in use cannot be taken by another request', () => {
  assert.equal(run([E['reuse']!, got(1), E['answered']!, got(2), E['reuse']!]), [
    '{"open":"in_flight"} progress/duplicate-token', '{"open":"in_flight"}', '"done"', '"done" progress/after-completion', '"done"',
  ]);
});

test('after a cancellation, progress racing it is tolerated until the late response ends the token', () => {
  assert.equal(run([got(1), E['cancelled']!, got(2), E['answered']!, got(3)]), [
    '{"open":"in_flight"}', '{"open":"cancelled"}', '{"open":"cancelled"}', '"done"', '"done" progress/after-completion',
  ]);
});

test('a task-augmented request keeps its token until the task is terminal', () => {
  assert.equal(run([E['created']!, got(1), E['answered']!, got(2), E['ended']!, got(3)]), [
    '{"open":"task"}', '{"open":"task"}', '{"open":"task"}', '{"open":"task"}', '"done"', '"done" progress/after-completion',
  ]);
});

test('namesUnheldToken: the actor holding no token rejects every notification as unknown and never moves', () => {
  const unheld = (events: object[]) => transcript(progressMachine, UNHELD_PROGRESS, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
  const named = (token: string | number, direction = 'server_to_client', progress = 1) => ({ ...from(direction, progress), token });
  assert.equal(unheld([named('tok'), named(7, 'client_to_server'), named('tok', 'server_to_client', 0)]), [
    '{"open":"in_flight"} progress/unknown-token', '{"open":"in_flight"} progress/unknown-token', '{"open":"in_flight"} progress/unknown-token',
  ]);
  // A token's own actor takes a notification naming its token, in the type it was given.
  assert.equal(run([named('tok'), named('tok', 'server_to_client', 2)]), ['{"open":"in_flight"}', '{"open":"in_flight"}']);
  assert.equal(run([named(7)]), ['{"open":"in_flight"} progress/unknown-token']);
});

test('session: tokens of requests in flight, by the direction of the request', () => {
  const s = readySession(SPEC_2025_11_25);
  assert.equal(play(s, [
    c2s({ id: 2, method: 'ping', params: { _meta: { progressToken: 'p' } } }),
    s2c({ id: 7, method: 'ping', params: { _meta: { progressToken: 'p' } } }),
    s2c({ method: 'notifications/progress', params: { progressToken: 'p', progress: 1, total: 2 } }),
    c2s({ method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } }),
    s2c({ method: 'notifications/progress', params: { progressToken: 'q', progress: 1 } }),
    c2s({ id: 3, method: 'ping', params: { _meta: { progressToken: 'p' } } }),
    c2s({ id: 4, method: 'ping', params: { _meta: { progressToken: 1.5 } } }),
    s2c({ id: 2, result: {} }),
    s2c({ method: 'notifications/progress', params: { progressToken: 'p', progress: 2 } }),
    c2s({ id: 5, method: 'ping', params: { _meta: { progressToken: 'p' } } }),
    s2c({ method: 'notifications/progress', params: { progressToken: 'p', progress: 0.5 } }),
  ]), [
    [], [], [],
    [],
    ['progress/unknown-token /message/params/progressToken'],
    ['progress/duplicate-token /message/params/_meta/progressToken'],
    ['progress/invalid-token /message/params/_meta/progressToken'],
    [],
    ['progress/after-completion /message/params/progressToken'],
    [],
    [],
  ]);
});

test('session: a rejected notification changes nothing; the token string and integer differ', () => {
  const s = readySession(SPEC_2025_06_18);
  assert.equal(play(s, [
    c2s({ id: 2, method: 'ping', params: { _meta: { progressToken: 5 } } }),
    s2c({ method: 'notifications/progress', params: { progressToken: '5', progress: 1 } }),
    s2c({ method: 'notifications/progress', params: { progressToken: 5, progress: 3 } }),
    s2c({ method: 'notifications/progress', params: { progressToken: 5, progress: 2 } }),
    s2c({ method: 'notifications/progress', params: { progressToken: 5, progress: 4 } }),
    s2c({ method: 'notifications/progress', params: { progressToken: 5 } }),
  ]), [
    [],
    ['progress/unknown-token /message/params/progressToken'],
    [],
    ['progress/not-increasing /message/params/progress'],
    [],
    ['progress/params /message/params/progress'],
  ]);
});

test('session: a task-augmented call keeps its token past the CreateTaskResult until a terminal status', () => {
  const s = readySession(SPEC_2025_11_25);
  const task = (status: string) => ({ taskId: 't-1', status, createdAt: '2025-11-25T10:00:00Z', lastUpdatedAt: '2025-11-25T10:00:01Z', ttl: 60000 });
  assert.equal(play(s, [
    c2s({ id: 2, method: 'tools/call', params: { name: 'convert', arguments: { cents: 1 }, task: { ttl: 60000 }, _meta: { progressToken: 9 } } }),
    s2c({ id: 2, result: { task: task('working') } }),
    s2c({ method: 'notifications/progress', params: { progressToken: 9, progress: 1 } }),
    s2c({ method: 'notifications/tasks/status', params: task('completed') }),
    s2c({ method: 'notifications/progress', params: { progressToken: 9, progress: 2 } }),
  ]), [[], [], [], [], ['progress/after-completion /message/params/progressToken']]);
});

test('the course profile runs no progress machine (it rejects the method outright)', () => {
  assert.is(progressExtension(COURSE_PROFILE), undefined);
  for (const p of [SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28]) assert.ok(progressExtension(p));
});

test.run();
