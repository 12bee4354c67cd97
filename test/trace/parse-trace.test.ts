import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InputError } from '../../files/input-error.ts';
import { canonicalJson } from '../../trace/canonical-json.ts';
import { eventPlaces, findingEvidence } from '../../trace/finding-evidence.ts';
import { parseTrace, TRACE_MAX_BYTES, TRACE_MAX_DEPTH } from '../../trace/parse-trace.ts';
import { signatureOf } from '../../trace/signature.ts';
import { DEFAULT_MAX_DEPTH } from '../../validators/strict-json.ts';
import { cleanTrace, errorTrace, failingTrace, makeTrace, traceText } from '../reports/traces.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

function refused(text: string | Uint8Array, rule: string, pointer: string | undefined): InputError {
  try {
    parseTrace(typeof text === 'string' ? bytes(text) : text);
  } catch (error) {
    assert.instance(error, InputError);
    const e = error as InputError;
    assert.is(e.rule, rule, e.message);
    if (pointer !== undefined) assert.is(e.pointer, pointer, e.message);
    assert.match(e.message, /^trace: /);
    return e;
  }
  assert.unreachable(`accepted: expected ${rule} at ${pointer}`);
  throw new Error('unreachable');
}

test('a well-formed trace is read back equal to what was written', () => {
  for (const trace of [cleanTrace(), failingTrace(), errorTrace()]) assert.equal(parseTrace(bytes(traceText(trace))), trace);
});

test('events are placed: a response takes the method of the request it answers, by id type and value; a timeout its operation', () => {
  const places = eventPlaces([
    { kind: 'message', direction: 'client_to_server', message: { jsonrpc: '2.0', id: 5, method: 'tools/list' } },
    { kind: 'message', direction: 'server_to_client', message: { jsonrpc: '2.0', id: '5', method: 'roots/list' } },
    { kind: 'message', direction: 'client_to_server', message: { jsonrpc: '2.0', id: '5', result: { roots: [] } } },
    { kind: 'message', direction: 'server_to_client', message: { jsonrpc: '2.0', id: 5, error: { code: -32601, message: 'x' } } },
    { kind: 'message', direction: 'server_to_client', message: { jsonrpc: '2.0', id: 6, result: {} } },
    { kind: 'message', direction: 'server_to_client', text: 'not json' },
    { kind: 'timeout', operation: 'ping', limit_ms: 1 },
  ]);
  assert.equal(places.map((p) => [p.role, p.method]), [
    ['request', 'tools/list'], ['request', 'roots/list'], ['result', 'roots/list'], ['error', 'tools/list'], ['result', null], ['other', null], [null, 'ping'],
  ]);
  assert.equal(findingEvidence({ events: failingTrace().events, findings: failingTrace().findings }).map((e) => e.method), ['tools/list', 'tools/list', null]);
});

test('not strict JSON: truncated, duplicate keys, lone surrogates: the json rule and its pointer', () => {
  const text = traceText(failingTrace());
  refused(text.slice(0, text.length / 2), 'json/syntax', undefined);
  refused(text.slice(0, -3), 'json/syntax', undefined);
  refused('{"mcp_statechart_trace": 1, "mcp_statechart_trace": 1}', 'json/duplicate-key', '/mcp_statechart_trace');
  refused(text.replace('"echo"', '"\\ud800"'), 'json/lone-surrogate', '/events/7/message/result/tools/0/name');
});

test('oversized and too deep traces are refused by the reader\'s bounds', () => {
  refused(new Uint8Array(TRACE_MAX_BYTES + 1).fill(0x20), 'json/size-limit', '');
  const deep = makeTrace([{ kind: 'message', direction: 'client_to_server', message: nest(DEFAULT_MAX_DEPTH + 1) }], []);
  refused(traceText(deep), 'json/depth-limit', `/events/0/message${'/a'.repeat(DEFAULT_MAX_DEPTH)}`);
  const fits = makeTrace([{ kind: 'message', direction: 'client_to_server', message: nest(DEFAULT_MAX_DEPTH) }], []);
  assert.ok(parseTrace(bytes(traceText(fits))), 'a message as deep as the strict reader allows fits in a trace');
  assert.is(TRACE_MAX_DEPTH, DEFAULT_MAX_DEPTH + 3);
});

function nest(depth: number): unknown {
  let value: unknown = {};
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

/** The failing trace with one change, as canonical JSON (its signature left as it was). */
function edit(change: (t: Record<string, unknown>) => void): string {
  const copy = JSON.parse(JSON.stringify(failingTrace())) as Record<string, unknown>;
  change(copy);
  return canonicalJson(copy);
}

test('schema-breaking traces: the member that breaks it, rule fixture/trace-invalid', () => {
  refused('[]', 'fixture/trace-invalid', '');
  const fixture = refused('{"schema_version": 3, "cases": []}', 'fixture/trace-invalid', '');
  assert.match(fixture.message, /use `cases`/);
  refused(edit((t) => (t['mcp_statechart_trace'] = 2)), 'fixture/trace-invalid', '/mcp_statechart_trace');
  refused(edit((t) => ((t['events'] as Record<string, unknown>[])[4]!['status'] = 700)), 'fixture/trace-invalid', '/events/4/status');
  refused(edit((t) => ((t['target'] as Record<string, unknown>)['env'] = { PATH: '/bin' })), 'fixture/trace-invalid', '/target/env');
  refused(edit((t) => (t['cwd'] = '/tmp')), 'fixture/trace-invalid', '/cwd');
  refused(edit((t) => ((t['findings'] as Record<string, unknown>[])[0]!['event'] = 99)), 'fixture/trace-invalid', '/findings/0/event');
});

test('no member of a trace can name an executable, URL, environment or working directory to run', () => {
  const good = failingTrace();
  for (const name of ['command', 'executable', 'argv', 'shell', 'url', 'endpoint', 'env', 'environment', 'cwd', 'working_directory', 'Env', 'CWD']) {
    const e = refused(edit((t) => ((t['options'] as Record<string, unknown>)[name] = 'x')), 'fixture/trace-invalid', `/options/${name}`);
    assert.match(e.message, /names what to run/);
    refused(edit((t) => ((t['cleanup'] as Record<string, unknown>)[name] = 'x')), 'fixture/trace-invalid', `/cleanup/${name}`);
    const sequence = { seed: 1, actions: [{ kind: 'ping' }, { kind: 'cancel', args: { which: 'oldest', [name]: ['/bin/sh', '-c', 'true'] } }] };
    refused(edit((t) => (t['sequence'] = sequence)), 'fixture/trace-invalid', `/sequence/actions/1/args/${name}`);
  }
  for (const key of ['__proto__', 'constructor']) {
    const text = traceText(good).replace('"options": {', `"options": {"${key}": {"cwd": "/"},`);
    assert.ok(parseTrace(bytes(text)), `${key} is plain data, nothing to run`);
  }
  const recorded = edit((t) => (t['options'] = { scope: 'full', calls: [{ name: 'fetch', args: { url: 'https://example.test/', env: 'x' } }], header_env: [{ header: 'Authorization', variable: 'TOKEN' }] }));
  assert.ok(parseTrace(bytes(recorded)), 'tool arguments are data: a call\'s own url or env argument is not refused');
});

test('edited traces: a removed finding, a changed rule or status is refused as tampered', () => {
  const good = failingTrace();
  const dropped = { ...good, findings: good.findings.slice(1) };
  refused(canonicalJson(dropped), 'fixture/trace-tampered', '/signature');
  const renamed = { ...good, findings: good.findings.map((f, i) => (i === 0 ? { ...f, rule: 'tools/descriptor' } : f)) };
  refused(canonicalJson(renamed), 'fixture/trace-tampered', '/signature');
  refused(canonicalJson({ ...good, status: 'pass' }), 'fixture/trace-tampered', '/status');
  refused(canonicalJson({ ...cleanTrace(), status: 'fail' }), 'fixture/trace-tampered', '/status');
  const resigned = { ...dropped, signature: signatureOf(findingEvidence(dropped)) };
  assert.ok(parseTrace(bytes(canonicalJson(resigned))), 'a consistent trace is accepted: the signature is a checksum, not a secret');
  assert.ok(parseTrace(bytes(canonicalJson({ ...good, findings: [...good.findings].reverse() }))), 'the order of findings does not change the signature');
});

test('messages never carry a file path', () => {
  const e = refused('{"mcp_statechart_trace": 1}', 'fixture/trace-invalid', '/generator');
  assert.not.match(e.message, /\/tmp|\/work/);
});

test.run();
