// Why: 2026-07-28 lets extensions add methods and resultType values. basic, ResultType: "Extensions
// MAY add additional ResultType values. The set of supported ResultType values MUST be created from
// the set defined in the core protocol and include any additional values of supported extensions
// that are advertised via capabilities." versioning, Extension Negotiation: extensions "are
// advertised in the extensions field of capabilities". So a method or a resultType of an extension
// the client advertised is no finding; without one advertised, they still are.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Session, type Step } from '../../machines/session.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';

const meta = (extensions?: object) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': extensions === undefined ? {} : { extensions },
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
});
const TASKS = { 'io.modelcontextprotocol/tasks': {} };
const c2s = (message: object): Step => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', ...message } });
const s2c = (message: object): Step => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', ...message } });

function play(steps: readonly Step[]): string[][] {
  const s = new Session({ profile: SPEC_2026_07_28, tools: [{ name: 'slow', inputSchema: { type: 'object' } }] });
  const out = steps.map((step) => s.feed(step).map((f) => `${f.rule} ${f.pointer}`));
  s.stop();
  return out;
}

test('an extension the client advertised: its method, its notification and its resultType are no finding', () => {
  assert.equal(play([
    c2s({ id: 1, method: 'tasks/get', params: { _meta: meta(TASKS), taskId: 't1' } }),
    s2c({ id: 1, result: { resultType: 'complete', taskId: 't1', status: 'working' } }),
    c2s({ id: 2, method: 'tools/call', params: { _meta: meta(TASKS), name: 'slow' } }),
    s2c({ id: 2, result: { resultType: 'task', task: { taskId: 't2', status: 'working' } } }),
    s2c({ method: 'notifications/tasks/status', params: { taskId: 't2', status: 'completed' } }),
  ]), [[], [], [], [], []]);
});

test('no extension advertised: the unknown method and the unknown resultType are findings still', () => {
  assert.equal(play([
    c2s({ id: 1, method: 'tasks/get', params: { _meta: meta(), taskId: 't1' } }),
    c2s({ id: 2, method: 'tools/call', params: { _meta: meta({}), name: 'slow' } }),
    s2c({ id: 2, result: { resultType: 'task', task: { taskId: 't2', status: 'working' } } }),
    s2c({ method: 'notifications/tasks/status', params: { taskId: 't2', status: 'completed' } }),
  ]), [['envelope/unknown-method /message/method'], [], ['stateless/result-type /message/result/resultType'], ['envelope/unknown-method /message/method']]);
});

test.run();
