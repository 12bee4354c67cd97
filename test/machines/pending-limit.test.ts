import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PENDING_LIMIT } from '../../machines/correlation.ts';
import { Session, type Step } from '../../machines/session.ts';
import type { Profile } from '../../validators/context.ts';
import { COURSE_PROFILE, SPEC_2025_11_25 } from '../../validators/profiles.ts';
import { cpuMsSince } from '../support/cpu-time.ts';

const V = '2025-11-25';
const c2s = (message: object): Step => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', ...message } });
const s2c = (message: object): Step => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', ...message } });
const rules = (s: Session, st: Step) => s.feed(st).map((f) => `${f.rule} ${f.pointer}`);

function ready(profile: Profile): Session {
  const s = new Session({ profile, tools: [] });
  assert.equal(rules(s, c2s({ id: 0, method: 'initialize', params: { protocolVersion: V, capabilities: { roots: {} }, clientInfo: { name: 'c', version: '1' } } })), []);
  assert.equal(rules(s, s2c({ id: 0, result: { protocolVersion: V, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } })), []);
  assert.equal(rules(s, c2s({ method: 'notifications/initialized' })), []);
  return s;
}

/** Feeds `n` unanswered pings with ids 1..n; returns the CPU milliseconds taken and every rule cited, with its count. */
function pings(s: Session, n: number): { ms: number; rules: Map<string, number> } {
  const seen = new Map<string, number>();
  const started = process.cpuUsage();
  for (let id = 1; id <= n; id++) for (const f of s.feed(c2s({ id, method: 'ping' }))) seen.set(f.rule, (seen.get(f.rule) ?? 0) + 1);
  return { ms: cpuMsSince(started), rules: seen };
}

test('course profile: the request beyond 1024 unanswered ones is rejected (correlation/pending-limit), as the course reference does', () => {
  const s = ready(COURSE_PROFILE);
  assert.equal(pings(s, PENDING_LIMIT).rules, new Map());
  const over = s.feed(c2s({ id: PENDING_LIMIT + 1, method: 'ping' }));
  assert.equal(over.map((f) => [f.rule, f.severity, f.pointer]), [['correlation/pending-limit', 'error', '/message/id']]);
  assert.match(over[0]!.message, /too many pending requests/);
  // The rejected request crossed the wire: its answer answers something, and is checked against ping.
  assert.equal(rules(s, s2c({ id: PENDING_LIMIT + 1, result: {} })), []);
  assert.equal(rules(s, s2c({ id: PENDING_LIMIT + 1, result: {} })), ['correlation/no-matching-request /message/id'], 'answered once');
  // An answer frees a place.
  assert.equal(rules(s, s2c({ id: 1, result: {} })), []);
  assert.equal(rules(s, c2s({ id: PENDING_LIMIT + 2, method: 'ping' })), []);
  assert.equal(s.view().pending.client_to_server.length, PENDING_LIMIT);
});

test('specification profiles: past 1024 unanswered requests a warning, the oldest forgotten, and the newest still judged', () => {
  const s = ready(SPEC_2025_11_25);
  const run = pings(s, PENDING_LIMIT + 3);
  assert.equal([...run.rules], [['correlation/unanswered-requests', 3]]);
  const pending = s.view().pending.client_to_server;
  assert.is(pending.length, PENDING_LIMIT);
  assert.equal(pending[0], { id: 4, method: 'ping' }, 'the three oldest are forgotten');
  // A forgotten request's answer is tolerated once; a malformed answer to a tracked one is judged.
  assert.equal(rules(s, s2c({ id: 2, result: {} })), []);
  assert.equal(rules(s, s2c({ id: 2, result: {} })), ['correlation/no-matching-request /message/id']);
  assert.equal(rules(s, s2c({ id: 999_999, result: {} })), ['correlation/no-matching-request /message/id']);
  assert.ok(rules(s, s2c({ id: 5, result: { _meta: 7 } })).length > 0, 'a tracked request is still judged');
});

test('the forgotten request\'s result is still checked against its method (while remembered)', () => {
  const s = ready(SPEC_2025_11_25);
  assert.equal(rules(s, c2s({ id: 'list', method: 'tools/list' })), []);
  pings(s, PENDING_LIMIT);
  assert.equal(s.view().pending.client_to_server.some((p) => p.id === 'list'), false);
  assert.equal(rules(s, s2c({ id: 'list', result: { tools: 7 } })), ['tools/list-result /message/result/tools']);
});

/** CPU milliseconds that `n` pings take when each is answered at once (the linear path, for comparison). */
function answeredPings(s: Session, n: number): number {
  const started = process.cpuUsage();
  for (let id = 1; id <= n; id++) {
    s.feed(c2s({ id, method: 'ping' }));
    s.feed(s2c({ id, result: {} }));
  }
  return cpuMsSince(started);
}

for (const profile of [COURSE_PROFILE, SPEC_2025_11_25]) {
  test(`${profile.id}: 10,000 unanswered pings take well under a second, no longer than answered ones (5.4 s when each request copied the table)`, () => {
    pings(ready(profile), 2_000); // warm-up
    answeredPings(ready(profile), 2_000);
    // The best of three of each, so that a collection landing in one measurement decides nothing.
    const baseline = Math.min(...[0, 1, 2].map(() => answeredPings(ready(profile), 10_000)));
    const run = [0, 1, 2].map(() => pings(ready(profile), 10_000)).reduce((a, b) => (b.ms < a.ms ? b : a));
    // Against the same session's linear path, and in CPU time, so that a loaded machine decides neither.
    assert.ok(run.ms < 4 * baseline, `${run.ms.toFixed(0)} ms unanswered, ${baseline.toFixed(0)} ms answered (CPU)`);
    assert.ok(run.ms < 2000, `took ${run.ms.toFixed(0)} ms of CPU time`);
  });
}

test('a result answering a rejected request is checked, and not reported as answering nothing', () => {
  const s = ready(COURSE_PROFILE);
  assert.equal(rules(s, c2s({ id: 3, method: 'tools/list', params: { cursor: '' } })), ['pagination/invalid-cursor /message/params/cursor']);
  assert.equal(rules(s, s2c({ id: 3, result: { tools: 7 } })), ['tools/list-result /message/result/tools']);
  const spec = ready(SPEC_2025_11_25);
  assert.equal(rules(spec, c2s({ id: 3, method: 'tools/list', params: { cursor: 5 } })).length, 1);
  assert.equal(rules(spec, s2c({ id: 3, result: { tools: 7 } })), ['tools/list-result /message/result/tools']);
  assert.equal(rules(spec, s2c({ id: 4, error: { code: -32600, message: 'no' } })), ['correlation/no-matching-request /message/id']);
});

test('a rejected request of a method the profile refuses or does not know leaves its answer unjudged', () => {
  const s = ready(COURSE_PROFILE);
  assert.equal(rules(s, c2s({ id: 7, method: 'prompts/list' })), ['profile/unsupported-method /message/method']);
  assert.equal(rules(s, s2c({ id: 7, result: { prompts: 7 } })), []);
  assert.equal(rules(s, c2s({ id: 8, method: 'no/such' })), ['envelope/unknown-method /message/method']);
  assert.equal(rules(s, s2c({ id: 8, result: { anything: 1 } })), []);
});

test.run();
