import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createActor } from 'xstate';
import { inputRequiredMachine, type InputRequiredEvent } from '../../machines/input-required.ts';
import { Session, type Step } from '../../machines/session.ts';
import { idKey } from '../../validators/envelope.ts';
import type { JsonObject } from '../../validators/context.ts';
import { COURSE_PROFILE, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { transcript } from './transcript.ts';

const input = { method: 'tools/call', target: 'get_weather' };
const ELICIT = { method: 'elicitation/create', params: { message: 'Units?', requestedSchema: { type: 'object', properties: { units: { type: 'string' } } } } };
const ROOTS = { method: 'roots/list' };

const asked = (inputRequests: JsonObject, requestState?: string) => ({ type: 'result.input_required', inputRequests, requestState });
const check = (answered: string[], requestState?: string, method = 'tools/call', target = 'get_weather') =>
  ({ type: 'retry.check', method, target, answered, requestState });

function run(events: readonly object[]): string[] {
  return transcript(inputRequiredMachine, input, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
}

test('a complete first result ends the loop; an error fails it', () => {
  assert.equal(run([{ type: 'result.complete' }]), ['"complete"']);
  assert.equal(run([{ type: 'error' }]), ['"failed"']);
});

test('input_required -> retried -> input_required -> retried -> complete', () => {
  assert.equal(run([
    asked({ units: ELICIT }, 's1'),
    check(['units'], 's1'),
    { type: 'retry' },
    asked({ where: ROOTS }, 's2'),
    check(['where'], 's2'),
    { type: 'retry' },
    { type: 'result.complete' },
  ]), [
    '"input_required"',
    '"input_required"',
    '"retried"',
    '"input_required"',
    '"input_required"',
    '"retried"',
    '"complete"',
  ]);
});

test('retry checks report in order and change no state', () => {
  const first = asked({ units: ELICIT, where: ROOTS }, 's1');
  assert.equal(run([first, check(['units', 'where'], 's1', 'tools/call', 'other')]), ['"input_required"', '"input_required" stateless/retry-different-request']);
  assert.equal(run([first, check(['units', 'where'], 's1', 'prompts/get')]), ['"input_required"', '"input_required" stateless/retry-different-request']);
  // mrtr, Error Handling: "If additional, unexpected parameters are provided in the InputResponses
  // object, the server SHOULD ignore any information it does not recognize or need": no finding.
  assert.equal(run([first, check(['units', 'where', 'x'], 's1')]), ['"input_required"', '"input_required"']);
  assert.equal(run([first, check(['units'], 's1')]), ['"input_required"', '"input_required" stateless/input-response-missing']);
  assert.equal(run([first, check(['units', 'where'], 's2')]), ['"input_required"', '"input_required" stateless/request-state-not-echoed']);
  assert.equal(run([first, check(['units', 'where'])]), ['"input_required"', '"input_required" stateless/request-state-not-echoed']);
  assert.equal(run([asked({}, undefined), check([], 'invented')]), ['"input_required"', '"input_required" stateless/request-state-not-echoed']);
  assert.equal(run([first, check(['units', 'where'], 's1')]), ['"input_required"', '"input_required"']);
});

test('a retry before the input_required result answers nothing', () => {
  assert.equal(run([check(['units'])]), ['"awaiting_result" stateless/retry-without-input-required']);
  assert.equal(run([asked({}, 's1'), check([], 's1'), { type: 'retry' }, check([], 's1')]), [
    '"input_required"',
    '"input_required"',
    '"retried"',
    '"retried" stateless/retry-without-input-required',
  ]);
});

test('a retry under an id of an earlier attempt reuses it, in every state; the chart keeps the attempt ids', () => {
  const first = { ...input, id: 1 };
  const runFrom = (events: readonly object[]) => transcript(inputRequiredMachine, first, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
  const retryWith = (id: number) => ({ ...check(['units'], 's1'), id });
  assert.equal(runFrom([retryWith(1)]), ['"awaiting_result" stateless/retry-reused-id']);
  assert.equal(runFrom([asked({ units: ELICIT }, 's1'), retryWith(1)]), ['"input_required"', '"input_required" stateless/retry-reused-id']);
  assert.equal(runFrom([asked({ units: ELICIT }, 's1'), retryWith(2)]), ['"input_required"', '"input_required"']);
  assert.equal(runFrom([asked({ units: ELICIT }, 's1'), { type: 'retry', id: 2 }, retryWith(2)]), ['"input_required"', '"retried"', '"retried" stateless/retry-reused-id']);
  assert.equal(runFrom([asked({ units: ELICIT }, 's1'), { type: 'retry', id: 2 }, asked({ units: ELICIT }, 's1'), retryWith(1)]),
    ['"input_required"', '"retried"', '"input_required"', '"input_required" stateless/retry-reused-id']);
  // The reused id is the first defect said: the retry's other checks wait for a retry with a new id.
  assert.equal(runFrom([asked({ units: ELICIT }, 's1'), { ...check([], 's2'), id: 1 }]), ['"input_required"', '"input_required" stateless/retry-reused-id']);
  const actor = createActor(inputRequiredMachine, { input: first });
  actor.start();
  actor.send(asked({ units: ELICIT }, 's1') as InputRequiredEvent);
  actor.send({ type: 'retry', id: 'r-2' });
  assert.equal(actor.getSnapshot().context.attemptIds, [idKey(1), idKey('r-2')]);
  actor.stop();
});

test('the loop remembers the latest round of input and counts retries', () => {
  const actor = createActor(inputRequiredMachine, { input });
  actor.start();
  actor.send(asked({ units: ELICIT }, 's1') as InputRequiredEvent);
  actor.send({ type: 'retry' });
  actor.send(asked({ where: ROOTS }) as InputRequiredEvent);
  const c = actor.getSnapshot().context;
  assert.equal([Object.keys(c.inputRequests), c.requestState, c.retries], [['where'], undefined, 1]);
  actor.stop();
});

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, roots: {} },
};

function callStep(id: number, extra: JsonObject = {}): Step {
  return { direction: 'client_to_server', message: { jsonrpc: '2.0', id, method: 'tools/call', params: { _meta: meta, name: 'get_weather', arguments: {}, ...extra } } };
}

function resultStep(id: number, result: JsonObject): Step {
  return { direction: 'server_to_client', message: { jsonrpc: '2.0', id, result } };
}

function session(): Session {
  return new Session({
    profile: SPEC_2026_07_28,
    tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
    capabilities: { server: { tools: {} } },
  });
}

function loops(s: Session): unknown {
  return (s.view().extensions as Record<string, unknown>)['input-required'];
}

test('the session runs one loop per original request and moves it between in flight and waiting', () => {
  const s = session();
  const rules = (step: Step) => s.feed(step).map((f) => f.rule);
  assert.equal(rules(callStep(1)), []);
  assert.equal(loops(s), { inFlight: [{ method: 'tools/call', target: 'get_weather', state: 'awaiting_result', retries: 0 }], waiting: [] });
  assert.equal(rules(resultStep(1, { resultType: 'input_required', inputRequests: { units: ELICIT }, requestState: 's1' })), []);
  assert.equal(loops(s), { inFlight: [], waiting: [{ method: 'tools/call', target: 'get_weather', state: 'input_required', retries: 0 }] });
  assert.equal(rules(callStep(2, { inputResponses: { units: { action: 'decline' } }, requestState: 's2' })), ['stateless/request-state-not-echoed']);
  assert.equal(rules(callStep(2, { inputResponses: { units: { action: 'decline' } }, requestState: 's1' })), []);
  assert.equal(loops(s), { inFlight: [{ method: 'tools/call', target: 'get_weather', state: 'retried', retries: 1 }], waiting: [] });
  assert.equal(rules(resultStep(2, { resultType: 'complete', content: [] })), []);
  assert.equal(loops(s), { inFlight: [], waiting: [] });
  s.stop();
});

test('a rejected retry leaves its loop waiting, and a retry answer is checked against the input request it answers', () => {
  const s = session();
  s.feed(callStep(1));
  s.feed(resultStep(1, { resultType: 'input_required', inputRequests: { where: ROOTS } }));
  const bad = s.feed(callStep(2, { inputResponses: { where: { roots: [{ uri: 'https://example.com' }] } } }));
  assert.equal(bad.map((f) => `${f.rule} ${f.pointer}`), ['roots/file-uri /message/params/inputResponses/where/roots/0/uri']);
  assert.equal(loops(s), { inFlight: [], waiting: [{ method: 'tools/call', target: 'get_weather', state: 'input_required', retries: 0 }] });
  assert.equal(s.feed(callStep(2, { inputResponses: { where: { roots: [{ uri: 'file:///home/ana' }] } } })), []);
  s.stop();
});

test('a key the server did not ask for is no finding (mrtr, Error Handling: the server "SHOULD ignore any information it does not recognize or need"); a missing key still is', () => {
  const s = session();
  s.feed(callStep(1));
  s.feed(resultStep(1, { resultType: 'input_required', inputRequests: { units: ELICIT } }));
  assert.equal(s.feed(callStep(2, { inputResponses: { units: { action: 'cancel' }, 'a/b': { action: 'cancel' } } })), []);
  s.feed(resultStep(2, { resultType: 'input_required', inputRequests: { units: ELICIT } }));
  assert.equal(s.feed(callStep(3, { inputResponses: { 'a/b': { action: 'cancel' } } })).map((f) => f.rule), ['stateless/input-response-missing']);
  s.stop();
});

test('a retry that matches no request in view is no finding: requests are independent (mrtr: "as they are independent requests"), so it may answer an input_required result got on another connection', () => {
  const s = session();
  assert.equal(s.feed(callStep(7, { inputResponses: { units: { action: 'cancel' } }, requestState: 'from-another-connection' })), []);
  // The same retry while its original request is in view and unanswered is still a finding.
  s.feed(callStep(8));
  assert.equal(s.feed(callStep(9, { inputResponses: { units: { action: 'cancel' } } })).map((f) => f.rule), ['stateless/retry-without-input-required']);
  s.stop();
});

test('at most 1024 loops wait for a retry; a retry that matches none is not reported', () => {
  const s = new Session({
    profile: SPEC_2026_07_28,
    tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
    capabilities: { server: { tools: {}, prompts: {} } },
  });
  const promptRetry = (id: number): Step => ({ direction: 'client_to_server',
    message: { jsonrpc: '2.0', id, method: 'prompts/get', params: { _meta: meta, name: 'greet', inputResponses: { units: { action: 'decline' } } } } });
  const rules = (step: Step) => s.feed(step).map((f) => f.rule);
  const wait = (id: number) => {
    assert.equal(rules(callStep(id)), []);
    assert.equal(rules(resultStep(id, { resultType: 'input_required', inputRequests: { units: ELICIT }, requestState: `s${id}` })), []);
  };
  for (let id = 1; id <= 1024; id++) wait(id);
  assert.equal(rules(promptRetry(5000)), [], 'a retry of no request in view: requests are independent');
  wait(1025);
  const waiting = (loops(s) as { waiting: unknown[] }).waiting;
  assert.is(waiting.length, 1024);
  assert.equal(rules(promptRetry(5001)), [], 'it may answer the forgotten loop');
  assert.equal(rules(callStep(5002, { inputResponses: { units: { action: 'decline' } }, requestState: 's1025' })), []);
  s.stop();
});

test('sessions of stateful profiles run no loop', () => {
  const s = new Session({ profile: COURSE_PROFILE });
  const names = Object.keys(s.view().extensions ?? {});
  assert.not.ok(names.includes('input-required') || names.includes('stateless'), names.join(', '));
  s.stop();
});

test.run();
