import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createActor } from 'xstate';
import { AskedLevels } from '../../machines/asked-levels.ts';
import { PENDING_LIMIT } from '../../machines/correlation.ts';
import type { CallEvent } from '../../machines/extension.ts';
import { isFlat } from '../../machines/flat-machine.ts';
import { LogLevelExtension } from '../../machines/log-level-extension.ts';
import { logLevelMachine, type LogLevelEvent } from '../../machines/log-level.ts';
import type { LogLevel } from '../../machines/asked-levels.ts';
import { Session } from '../../machines/session.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { c2s, play, s2c } from './spec-session.ts';
import { transcript } from './transcript.ts';

const request = (id: number, level?: string): CallEvent => ({
  direction: 'client_to_server', kind: 'request', id, method: 'tools/call',
  params: { _meta: level ? { 'io.modelcontextprotocol/logLevel': level } : {} },
});
const log = (level: string): CallEvent => ({ direction: 'server_to_client', kind: 'notification', id: undefined, method: 'notifications/message', params: { level, data: 'x' } });
const answered = (e: LogLevelExtension, id: number) =>
  e.acceptResponse({ id, method: 'tools/call', params: undefined, revision: undefined, subject: undefined, tenant: undefined }, true, {}, 'server_to_client');
const rules = (e: LogLevelExtension, c: CallEvent) => e.checkCall(c).map((f) => `${f.rule} ${f.severity}`);

test('a log message needs a request in flight that asked for logs', () => {
  const e = new LogLevelExtension();
  assert.equal(rules(e, log('info')), ['stateless/log-without-level error']);
  e.acceptCall(request(1));
  assert.equal(rules(e, log('info')), ['stateless/log-without-level error']);
  e.acceptCall(request(2, 'info'));
  assert.equal(rules(e, log('info')), []);
  answered(e, 2);
  assert.equal(rules(e, log('info')), ['stateless/log-without-level error']);
});

test('below the least severe level asked for is a warning; other directions and methods are ignored', () => {
  const e = new LogLevelExtension();
  e.acceptCall(request(1, 'warning'));
  assert.equal(rules(e, log('debug')), ['stateless/log-below-level warning']);
  assert.equal(rules(e, log('error')), []);
  e.acceptCall(request(2, 'debug'));
  assert.equal(rules(e, log('debug')), []);
  assert.equal(rules(e, { ...log('debug'), direction: 'client_to_server' }), []);
  assert.equal(rules(e, request(3)), []);
});

const asks = (id: number, level: LogLevel): LogLevelEvent => ({ type: 'request', id, level });
const answer = (id: number): LogLevelEvent => ({ type: 'answered', id });
const logs = (level: string | undefined): LogLevelEvent => ({ type: 'log', level });

function run(events: readonly LogLevelEvent[], input?: { limit: number }): string[] {
  return transcript(logLevelMachine, input, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
}

test('the log-level chart runs on a flat table', () => {
  assert.ok(isFlat(logLevelMachine));
});

test('quiet: a log message is stateless/log-without-level; once a request asked for logs it is not', () => {
  assert.equal(run([logs('info')]), ['"quiet" stateless/log-without-level']);
  assert.equal(run([asks(1, 'info'), logs('info')]), ['"asked"', '"asked"']);
  // The last request that asked is answered: quiet again.
  assert.equal(run([asks(1, 'info'), answer(1), logs('info')]), ['"asked"', '"quiet"', '"quiet" stateless/log-without-level']);
  // Another request in flight that asked still counts; an answer to a request that did not ask changes nothing.
  assert.equal(run([asks(1, 'info'), asks(2, 'info'), answer(1), answer(3), logs('info')]), ['"asked"', '"asked"', '"asked"', '"asked"', '"asked"']);
  // An answer while nothing asked is no event of the quiet state.
  assert.equal(run([answer(1), logs('error')]), ['"quiet"', '"quiet" stateless/log-without-level']);
});

test('asked: below the least severe level the requests in flight asked for is stateless/log-below-level', () => {
  assert.equal(run([asks(1, 'warning'), logs('info')]), ['"asked"', '"asked" stateless/log-below-level']);
  assert.equal(run([asks(1, 'warning'), logs('warning'), logs('emergency')]), ['"asked"', '"asked"', '"asked"']);
  // The least severe of all requests in flight decides, and it rises when that request is answered.
  assert.equal(run([asks(1, 'warning'), asks(2, 'debug'), logs('debug'), answer(2), logs('debug')]),
    ['"asked"', '"asked"', '"asked"', '"asked"', '"asked" stateless/log-below-level']);
  // A request asking again replaces its level; a level the revision does not name is no finding of this chart.
  assert.equal(run([asks(1, 'debug'), asks(1, 'error'), logs('info'), logs('verbose'), logs(undefined)]),
    ['"asked"', '"asked"', '"asked" stateless/log-below-level', '"asked"', '"asked"']);
});

test('the findings name the rule, the place and the levels', () => {
  const e = new LogLevelExtension();
  assert.equal(e.checkCall(log('info')).map((f) => [f.pointer, f.message]),
    [['/message/method', 'notifications/message sent while no request in flight set io.modelcontextprotocol/logLevel in its _meta']]);
  e.acceptCall(request(1, 'error'));
  e.acceptCall(request(2, 'warning'));
  assert.equal(e.checkCall(log('info')).map((f) => [f.pointer, f.message]),
    [['/message/params/level', 'log level info is below warning, the least severe level the requests in flight asked for']]);
  assert.equal(e.view(), ['1: error', '2: warning']);
  e.stop();
});

test('a rejected or warned log message changes nothing: the transitions that raise assign nothing', () => {
  const actor = createActor(logLevelMachine, { input: undefined }).start();
  const quiet = actor.getSnapshot().context;
  actor.send(logs('info'));
  assert.is(actor.getSnapshot().context, quiet);
  actor.send(asks(1, 'error'));
  const asked = actor.getSnapshot().context;
  actor.send(logs('debug'));
  assert.is(actor.getSnapshot().context, asked);
  assert.is(actor.getSnapshot().value, 'asked');
  actor.stop();
});

test('past its limit the table forgets the oldest request: no log message is judged from then on', () => {
  const many = [1, 2, 3, 4, 5].map((id) => asks(id, 'error'));
  assert.equal(run([...many, logs('debug')], { limit: 4 }).at(-1), '"asked"');
  assert.equal(run([...many, answer(2), answer(3), answer(4), answer(5), logs('debug')], { limit: 4 }).slice(-2), ['"quiet"', '"quiet"']);
  // Within the limit the same messages are judged.
  assert.equal(run([...many.slice(0, 4), logs('debug')], { limit: 4 }).at(-1), '"asked" stateless/log-below-level');
  assert.equal(run([...many.slice(0, 4), answer(1), answer(2), answer(3), answer(4), logs('debug')], { limit: 4 }).at(-1), '"quiet" stateless/log-without-level');
});

test('the asked table is bounded and persistent: recording returns a new table, the newest entry is kept', () => {
  const empty = AskedLevels.empty(8);
  let t = empty;
  for (let i = 0; i < 100; i++) {
    t = t.with(i, i % 8);
    assert.ok(t.size <= 8, `size ${t.size}`);
  }
  assert.is(empty.size, 0);
  assert.is(empty.least(), -1);
  assert.not.ok(empty.forgotten);
  assert.ok(t.forgotten);
  assert.ok(t.has(99));
  assert.not.ok(t.has(91));
  assert.is(t.least(), 0);
  assert.is(t.without(96).least(), 1);
  assert.is(t.without(1000), t);
  assert.is(t.with(99, 3), t);
  assert.equal(AskedLevels.empty().with('a', 3).with('a', 5).describe(), ['a: critical']);
  assert.equal(AskedLevels.empty().with('a', 3).with('a', 5).counts, [0, 0, 0, 0, 0, 1, 0, 0]);
  assert.throws(() => AskedLevels.empty(0), /positive integer/);
});

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
};
const call = (id: number, level?: string) => c2s({ id, method: 'tools/list', params: { _meta: level ? { ...META, 'io.modelcontextprotocol/logLevel': level } : META } });
const listed = (id: number) => s2c({ id, result: { resultType: 'complete', ttlMs: 0, cacheScope: 'public', tools: [] } });
const message = (level: string) => s2c({ method: 'notifications/message', params: { level, data: 'x' } });

test('in a session: a message the log-level chart rejects leaves it as it was; the answer ends the request', () => {
  const s = new Session({ profile: SPEC_2026_07_28 });
  assert.equal(play(s, [message('info'), call(1, 'warning'), message('info'), message('error'), listed(1), message('error')]),
    [['stateless/log-without-level /message/method'], [], ['stateless/log-below-level /message/params/level'], [], [], ['stateless/log-without-level /message/method']]);
  s.stop();
});

test('in a session: the real limit keeps the table bounded, and a request forgotten past it makes no finding', () => {
  const s = new Session({ profile: SPEC_2026_07_28 });
  const steps = [];
  for (let i = 1; i <= PENDING_LIMIT + 1; i++) steps.push(call(i, 'error'));
  play(s, steps);
  const view = s.view().extensions?.['log-levels'] as string[];
  assert.is(view.length, PENDING_LIMIT);
  assert.not.ok(view.includes('1: error'));
  const answers = [];
  for (let i = 2; i <= PENDING_LIMIT + 1; i++) answers.push(listed(i));
  assert.ok(play(s, answers).every((f) => f.length === 0));
  // Request 1 may still be in flight, asking for error and above: nothing is known, nothing is judged.
  assert.equal(play(s, [message('debug')]), [[]]);
  s.stop();
});

test.run();
