import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lifecycleMachine } from '../../machines/lifecycle.ts';
import { transcript } from './transcript.ts';

const V = '2025-11-25';
const input = { protocolVersion: V };
const init = { type: 'request', direction: 'client_to_server', method: 'initialize', params: { protocolVersion: V, capabilities: {} } };
const result = { type: 'initialize.result', result: { protocolVersion: V, capabilities: { tools: {} } } };
const initialized = { type: 'notification', direction: 'client_to_server', method: 'notifications/initialized' };
const toolsList = { type: 'request', direction: 'client_to_server', method: 'tools/list' };
const rootsList = { type: 'request', direction: 'server_to_client', method: 'roots/list' };
const ping = { type: 'request', direction: 'client_to_server', method: 'ping' };

test('the handshake reaches ready in order', () => {
  assert.equal(transcript(lifecycleMachine, input, [init, result, initialized, toolsList]), [
    { state: '"waiting_for_initialize_response"', rules: [] },
    { state: '"waiting_for_initialized_notification"', rules: [] },
    { state: '"ready"', rules: [] },
    { state: '"ready"', rules: [] },
  ]);
});

test('nothing skips the handshake', () => {
  assert.equal(transcript(lifecycleMachine, input, [toolsList]), [{ state: '"new"', rules: ['lifecycle/initialize-first'] }]);
  assert.equal(transcript(lifecycleMachine, input, [initialized]), [{ state: '"new"', rules: ['lifecycle/initialize-first'] }]);
  assert.equal(transcript(lifecycleMachine, input, [init, toolsList, rootsList, initialized, ping])
    .map((s) => s.rules), [[], ['lifecycle/request-before-initialize-result'], ['lifecycle/server-request-early'], ['lifecycle/initialized-out-of-order'], []]);
  // After the result the client may send requests (its SHOULD NOT ends with the result), and a server notification is no finding.
  assert.equal(transcript(lifecycleMachine, input, [init, result, toolsList, rootsList, { type: 'notification', direction: 'server_to_client', method: 'notifications/tools/list_changed' }, ping])
    .map((s) => s.rules), [[], [], [], ['lifecycle/server-request-early'], [], []]);
  // The course profile refuses all of them.
  const strict = <T extends object>(e: T) => ({ ...e, strict: true });
  assert.equal(transcript(lifecycleMachine, input, [strict(init), result, strict(toolsList), strict(rootsList), { type: 'notification', direction: 'server_to_client', method: 'notifications/tools/list_changed', strict: true }])
    .map((s) => s.rules), [[], [], ['lifecycle/request-before-initialized'], ['lifecycle/server-request-before-initialized'], ['lifecycle/notification-before-initialized']]);
});

test('versions are checked on both sides; initialize only once', () => {
  const badInit = { ...init, params: { protocolVersion: '2024-11-05', capabilities: {} } };
  assert.equal(transcript(lifecycleMachine, input, [badInit]), [{ state: '"new"', rules: ['lifecycle/protocol-version-mismatch'] }]);
  const badResult = { type: 'initialize.result', result: { protocolVersion: '2025-06-18', capabilities: {} } };
  assert.equal(transcript(lifecycleMachine, input, [init, badResult])[1], { state: '"waiting_for_initialize_response"', rules: ['lifecycle/protocol-version-mismatch'] });
  assert.equal(transcript(lifecycleMachine, input, [init, init])[1]!.rules, ['lifecycle/duplicate-initialize']);
  assert.equal(transcript(lifecycleMachine, input, [init, result, init])[2]!.rules, ['lifecycle/duplicate-initialize']);
  assert.equal(transcript(lifecycleMachine, input, [init, result, initialized, init, initialized]).slice(3).map((s) => s.rules),
    [['lifecycle/duplicate-initialize'], ['lifecycle/initialized-out-of-order']]);
});

test('a client that offered another version accepts the one the server negotiated (live checks judge under the negotiated profile)', () => {
  const offered = { protocolVersion: '2025-06-18', offeredVersion: '2025-11-25' };
  const downgraded = { type: 'initialize.result', result: { protocolVersion: '2025-06-18', capabilities: {} } };
  assert.equal(transcript(lifecycleMachine, offered, [init, downgraded, initialized]).map((s) => s.rules), [[], [], []]);
  assert.equal(transcript(lifecycleMachine, offered, [init, result])[1]!.rules, ['lifecycle/protocol-version-mismatch']);
  const sameAsProfile = { ...init, params: { protocolVersion: '2025-06-18', capabilities: {} } };
  assert.equal(transcript(lifecycleMachine, offered, [sameAsProfile])[0]!.rules, ['lifecycle/protocol-version-mismatch']);
});

test('a failed initialize returns to new', () => {
  assert.equal(transcript(lifecycleMachine, input, [init, { type: 'initialize.error' }])[1], { state: '"new"', rules: ['lifecycle/initialize-failed'] });
});

test('the course profile\'s handshake (strict events): no ping before it completes, and an initialize error fails', () => {
  const strictPing = { ...ping, strict: true };
  const serverPing = { type: 'request', direction: 'server_to_client', method: 'ping', strict: true };
  assert.equal(transcript(lifecycleMachine, input, [init, strictPing, serverPing, result, strictPing, initialized, strictPing]).map((s) => s.rules),
    [[], ['lifecycle/ping-before-initialized'], ['lifecycle/ping-before-initialized'], [], ['lifecycle/ping-before-initialized'], [], []]);
  assert.equal(transcript(lifecycleMachine, input, [init, { type: 'initialize.error', strict: true }]).at(-1),
    { state: '"new"', rules: ['lifecycle/initialize-error'] });
  assert.equal(transcript(lifecycleMachine, input, [init, { type: 'initialize.error' }]).at(-1),
    { state: '"new"', rules: ['lifecycle/initialize-failed'] }, 'a warning in the specification profiles');
});

test('the course profile activates an authorization revision only in a ready session', () => {
  const strictSwitch = { type: 'revision.activate', strict: true };
  const looseSwitch = { type: 'revision.activate', strict: false };
  assert.equal(transcript(lifecycleMachine, input, [strictSwitch, init, strictSwitch, result, strictSwitch, initialized, strictSwitch]).map((s) => s.rules),
    [['auth/revision-before-ready'], [], ['auth/revision-before-ready'], [], ['auth/revision-before-ready'], [], []]);
  // The specification has no control events: its profiles leave the switch to the authorization chart alone.
  assert.equal(transcript(lifecycleMachine, input, [looseSwitch, init, looseSwitch, result, looseSwitch]).map((s) => s.rules), [[], [], [], [], []]);
  assert.equal(transcript(lifecycleMachine, input, [strictSwitch]), [{ state: '"new"', rules: ['auth/revision-before-ready'] }], 'a refused switch moves nothing');
});

test('the course profile takes a transport_context only once the handshake completes', () => {
  const strictContext = { type: 'context.placed', strict: true };
  const looseContext = { type: 'context.placed', strict: false };
  assert.equal(transcript(lifecycleMachine, input, [strictContext, init, strictContext, result, strictContext, initialized, strictContext]).map((s) => s.rules),
    [['auth/unexpected-context'], [], ['auth/unexpected-context'], [], ['auth/unexpected-context'], [], []]);
  assert.equal(transcript(lifecycleMachine, input, [looseContext, init, looseContext, result, looseContext]).map((s) => s.rules), [[], [], [], [], []]);
  assert.equal(transcript(lifecycleMachine, input, [init, strictContext]), [{ state: '"waiting_for_initialize_response"', rules: [] }, { state: '"waiting_for_initialize_response"', rules: ['auth/unexpected-context'] }], 'a refused context moves nothing');
});

test('the capability gate: a call needs what the handshake declared, and before the initialize result only a server request is gated (everything in the course profile\'s reading)', () => {
  const gate = (method: string, direction: string, kind = 'request', early = false) => ({ type: 'gate', kind, method, params: undefined, direction, early, tightened: false });
  const rootsList = gate('roots/list', 'server_to_client');
  const toolsList = gate('tools/list', 'client_to_server');
  const promptsList = gate('prompts/list', 'client_to_server');
  // Before the result: the client declared no roots, so the server's roots/list is refused; the server declared nothing yet, so a client request is the lifecycle's.
  assert.equal(transcript(lifecycleMachine, input, [init, rootsList, promptsList, gate('prompts/list', 'client_to_server', 'request', true)]).map((s) => s.rules),
    [[], ['capability/client-not-declared'], [], ['capability/server-not-declared']]);
  // After the result: what the server declared (tools, not prompts) decides, before and after notifications/initialized.
  assert.equal(transcript(lifecycleMachine, input, [init, result, toolsList, promptsList, initialized, toolsList, promptsList, rootsList]).map((s) => s.rules),
    [[], [], [], ['capability/server-not-declared'], [], [], ['capability/server-not-declared'], ['capability/client-not-declared']]);
  const declaredRoots = { ...init, params: { protocolVersion: V, capabilities: { roots: {} } } };
  assert.equal(transcript(lifecycleMachine, input, [declaredRoots, rootsList]).map((s) => s.rules), [[], []]);
  const steps = transcript(lifecycleMachine, input, [init, result, initialized, promptsList]);
  assert.is(steps[3]!.state, '"ready"', 'a refused call moves nothing');
});

test.run();
