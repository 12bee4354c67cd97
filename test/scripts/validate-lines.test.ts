import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-lines-secret-dir-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) => spawnSync(process.execPath, [CLI, ...args], {
  encoding: 'utf8', cwd: dir, timeout: 60_000,
  env: { ...process.env, NO_COLOR: '', FORCE_COLOR: undefined, ...options.env },
  ...(options.input === undefined ? {} : { input: options.input }),
});
const c2s = (message: object) => ({ direction: 'client_to_server', message });
const s2c = (message: object) => ({ direction: 'server_to_client', message });
const INITIALIZE = c2s({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1.0.0' } } });
const RESULT = s2c({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1.0.0' } } });
const INITIALIZED = c2s({ jsonrpc: '2.0', method: 'notifications/initialized' });
const LIST = (id: number) => c2s({ jsonrpc: '2.0', id, method: 'tools/list' });
const LISTED = (id: number) => s2c({ jsonrpc: '2.0', id, result: { tools: [] } });

function file(name: string, lines: readonly (object | string)[], end = '\n'): string {
  writeFileSync(join(dir, name), lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + end);
  return name;
}

type Finding = { line: number; rule: string; severity: string; pointer: string; message: string; method?: string; cause?: string };
const json = (args: string[]) => {
  const r = run([...args, '--json']);
  return { status: r.status, stderr: r.stderr, doc: JSON.parse(r.stdout) as { status: string; findings: Finding[]; counts: { error: number; warning: number }; findings_omitted?: number; error?: { rule: string; message: string } } };
};

test('a bare CR inside a line does not reset the column: columns count from the start of the line', () => {
  const name = file('cr.jsonl', [INITIALIZE, '{"direction":"client_to_server",\r"message":{"a":1},\r"x":1,}']);
  const { doc } = json(['validate', name]);
  const bad = doc.findings.find((f) => f.line === 2)!;
  assert.is(bad.rule, 'json/trailing-comma');
  // The "}" after the comma is the line's 59th character; the JSON reader alone would say column 7 (of its third "line").
  assert.is(bad.message, 'Invalid JSON at column 59: trailing comma before "}"');
});

test('an empty transcript says so and cannot run (exit 2), like an empty fixture: no bytes, blank lines, a header alone, stdin', () => {
  const cases: [string[], string | undefined][] = [
    [['validate', file('empty.jsonl', [], '')], undefined],
    [['validate', file('blank.jsonl', ['', '  ', ''])], undefined],
    [['validate', file('header-only.jsonl', [{ mcp_statechart_transcript: 1 }])], undefined],
    [['validate', '-'], ''],
  ];
  for (const [args, input] of cases) {
    const r = run(args, input === undefined ? {} : { input });
    assert.is(r.status, 2, args.join(' '));
    assert.match(r.stderr, /^mcp-statechart: the transcript is empty: no steps( in its \d+ lines?)? \[fixture\/empty\]\n$/);
    assert.match(r.stdout, /^error: \d+ lines?, 0 messages, 0 errors, 0 warnings/);
    const doc = JSON.parse(run([...args, '--json'], input === undefined ? {} : { input }).stdout);
    assert.equal([doc.status, doc.error.rule], ['error', 'fixture/empty']);
  }
  writeFileSync(join(dir, 'empty.json'), '');
  const fixture = run(['cases', 'empty.json']);
  assert.is(fixture.status, 2);
  assert.match(fixture.stderr, /\[json\/empty-input\]/);
  writeFileSync(join(dir, 'no-cases.json'), JSON.stringify({ schema_version: 3, profile: '2025-11-25', protocol_version: '2025-11-25', transport_context_defaults: {}, authorization: { protected_resource: 'https://x.test/mcp', initial_revision: 'r', revisions: { r: { principals: {}, resources: [], resourceTemplates: [] } } }, client: { info: {}, capabilities: {} }, server: { info: {}, capabilities: {} }, tool: {}, cases: [] }));
  const none = run(['cases', 'no-cases.json']);
  assert.is(none.status, 2);
  assert.is(none.stderr, 'mcp-statechart: the fixtures hold no cases: nothing to judge [fixture/empty]\n');
});

test('requests unanswered at the end are a warning each, at their line (exit 0); a refused answer is not counted again', () => {
  const { status, doc } = json(['validate', file('cut.jsonl', [INITIALIZE, RESULT, INITIALIZED, LIST(2), LIST(3), LISTED(2), LIST(4), s2c({ jsonrpc: '2.0', id: 4, result: { tools: 7 } })])]);
  assert.is(status, 1);
  // Line 7's request got a refused answer (line 8): that refusal is its finding; line 5's got none.
  assert.equal(doc.findings.map((f) => [f.line, f.rule, f.severity, f.method]),
    [[8, 'tools/list-result', 'error', 'tools/list result'], [5, 'correlation/unanswered-request', 'warning', 'tools/list']]);
  assert.is(doc.findings[1]!.message, "the client's tools/list request (id 3) was never answered");
  const clean = run(['validate', file('cut-clean.jsonl', [INITIALIZE, RESULT, INITIALIZED, LIST(2)])]);
  assert.is(clean.status, 0);
  assert.match(clean.stdout, /^line 4: warning: tools\/list \/message\/id: the client's tools\/list request \(id 2\) was never answered \[correlation\/unanswered-request\]\n/);
  assert.match(clean.stdout, /\nok: 4 lines, 4 messages, 0 errors, 1 warning \(2025-11-25, MCP 2025-11-25\)\n$/);
});

test('a capture that starts mid-session: a header with setup "ready" plays the handshake, and the capture is judged from there', () => {
  const header = { mcp_statechart_transcript: 1, setup: 'ready', protocol_version: '2025-06-18', capabilities: { server: { tools: {} } } };
  const r = json(['validate', file('mid.jsonl', [header, LIST(7), LISTED(7)])]);
  assert.is(r.status, 0, JSON.stringify(r.doc));
  assert.equal(r.doc.findings, []);
  assert.equal([r.doc.status, (r.doc as unknown as { protocol_version: string }).protocol_version], ['pass', '2025-06-18']);
  // Without its declared capabilities the gate holds: tools/list needs the server's tools capability.
  const bare = json(['validate', file('mid-bare.jsonl', [{ ...header, capabilities: {} }, LIST(7)])]);
  assert.is(bare.status, 1);
  assert.match(bare.doc.findings[0]!.rule, /^capability\//);
});

test('a capture without its handshake: the first finding names the cause once, the rest are counted under it', () => {
  // The answers to refused requests are not reported again; the requests are, each under the one cause.
  const lines = [LIST(2), LISTED(2), LIST(3), LISTED(3), LIST(4), LISTED(4), LIST(5), c2s({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' })];
  const r = run(['validate', file('no-handshake.jsonl', lines)]);
  assert.is(r.status, 1);
  assert.is(r.stdout, [
    'line 1: error: tools/list /message: initialize request must be the first interaction; received tools/list first [lifecycle/initialize-first]',
    '  spec: https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle',
    '  cause: the transcript has no initialize handshake; if the capture starts mid-session, a header with "setup": "ready" says so',
    'lines 3-8: error: 4 more lifecycle/initialize-first errors, the same cause as line 1',
    'failed: 8 lines, 8 messages, 5 errors, 0 warnings (2025-11-25, MCP 2025-11-25)',
    '',
  ].join('\n'));
  const { doc } = json(['validate', 'no-handshake.jsonl']);
  assert.equal(doc.findings.map((f) => f.line), [1, 3, 5, 7, 8]);
  assert.ok(doc.findings.every((f) => f.cause === 'the transcript has no initialize handshake; if the capture starts mid-session, a header with "setup": "ready" says so'));
});

test('an initialize never answered: the later requests are grouped under it, and it is named at the end', () => {
  const r = run(['validate', file('unanswered-initialize.jsonl', [INITIALIZE, ...Array.from({ length: 11 }, (_, i) => LIST(i + 2))])]);
  assert.is(r.status, 0, 'requests before the initialize result are the client\'s SHOULD NOT: warnings');
  assert.match(r.stdout, /^line 2: warning: tools\/list \S+: the client sent tools\/list before the server answered initialize \(the client SHOULD NOT send requests other than pings before then\) \[lifecycle\/request-before-initialize-result\]\n/);
  assert.match(r.stdout, /\n {2}cause: the initialize request on line 1 has not been answered\n/);
  assert.match(r.stdout, /\nlines 3-12: warning: 10 more lifecycle\/request-before-initialize-result warnings, the same cause as line 2\n/);
  assert.match(r.stdout, /\nline 1: warning: initialize \/message\/id: the client's initialize request \(id 1\) was never answered \[correlation\/unanswered-request\]\n/);
  assert.match(r.stdout, /\nok: 12 lines, 12 messages, 0 errors, 23 warnings /);
});

test('--quiet prints the summary alone; --profile overrides the header and the traffic; an unknown one is a usage error', () => {
  const name = file('quiet.jsonl', [INITIALIZE, RESULT, INITIALIZED, LIST(2), LIST(2)]);
  const quiet = run(['validate', name, '--quiet']);
  assert.is(quiet.status, 1);
  assert.is(quiet.stdout, 'failed: 5 lines, 5 messages, 1 error, 1 warning (2025-11-25, MCP 2025-11-25)\n');
  assert.is(run(['validate', name, '-q']).stdout, quiet.stdout);
  assert.match(run(['validate', name, '--quiet', '--profile', 'course']).stdout, /\(course, MCP 2025-11-25\)\n$/);
  assert.match(run(['validate', name, '--quiet', '--profile', '2025-06-18']).stdout, /\(2025-06-18, MCP 2025-06-18\)\n$/);
  const bad = run(['validate', name, '--profile', 'mcp-2025-11-25']);
  assert.is(bad.status, 2);
  assert.match(bad.stderr, /^mcp-statechart: unknown profile "mcp-2025-11-25"; use auto, course, 2025-11-25, 2025-06-18 or 2026-07-28\n/);
});

test('--max-line-bytes: a larger limit admits a large line; over the limit the run stops at that line (exit 2); bad values are usage errors', () => {
  const big = c2s({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(3_000_000) } } });
  const name = file('big-line.jsonl', [INITIALIZE, RESULT, INITIALIZED, big, LIST(3)]);
  const refused = run(['validate', name, '--json']);
  assert.is(refused.status, 2);
  assert.is(refused.stderr, 'mcp-statechart: line 4: the line is larger than the 2000000-byte limit; --max-line-bytes raises it [json/size-limit]\n');
  const doc = JSON.parse(refused.stdout) as { status: string; messages: number; error: { rule: string }; findings: unknown[] };
  assert.equal([doc.status, doc.messages, doc.error.rule, doc.findings], ['error', 3, 'json/size-limit', []], 'the lines before it judged; no "unanswered" at a stop');
  const admitted = json(['validate', name, '--max-line-bytes', '4000000']);
  assert.ok(admitted.status === 0 || admitted.status === 1);
  assert.not.ok(admitted.doc.findings.some((f) => f.rule === 'json/size-limit'));
  assert.match(run(['validate', name, '--max-line-bytes', '100']).stderr, /^mcp-statechart: line 1: the line is larger than the 100-byte limit/);
  for (const value of ['0', '-1', '1.5', 'lots', '999999999999']) {
    const r = run(['validate', name, `--max-line-bytes=${value}`]);
    assert.is(r.status, 2, value);
    assert.match(r.stderr, /^mcp-statechart: option --max-line-bytes takes a whole number from 1 to 268,435,456 \(got /);
  }
});

test('a fixture given to validate is recognised and the right command named', () => {
  writeFileSync(join(dir, 'pretty-fixture.json'), JSON.stringify({ schema_version: 3, cases: [] }, null, 2));
  writeFileSync(join(dir, 'flat-fixture.json'), JSON.stringify({ schema_version: 3, cases: [] }));
  for (const name of ['pretty-fixture.json', 'flat-fixture.json']) {
    const r = run(['validate', name]);
    assert.is(r.status, 2);
    assert.is(r.stderr, 'mcp-statechart: this is a fixture file (schema_version, cases), not a transcript: judge it with `mcp-statechart cases` [fixture/wrong-kind]\n');
  }
});

test('colour: ANSI codes with FORCE_COLOR, none with NO_COLOR or into a pipe', () => {
  const name = file('colour.jsonl', [INITIALIZE, RESULT, INITIALIZED, LIST(2), LIST(2)]);
  assert.match(run(['validate', name], { env: { FORCE_COLOR: '1' } }).stdout, /\u001b\[1;31merror\u001b\[22;39m/);
  assert.not.match(run(['validate', name], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout, /\u001b/);
  assert.not.match(run(['validate', name]).stdout, /\u001b/);
});

test.run();
