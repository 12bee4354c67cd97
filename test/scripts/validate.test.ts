import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000, ...(input === undefined ? {} : { input }) });

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-validate-secret-dir-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const RESOURCE = 'https://mcp.example.test/mcp';
const HEADER = {
  mcp_statechart_transcript: 1,
  profile: 'course',
  authorization: {
    protected_resource: RESOURCE,
    initial_revision: 'r1',
    revisions: { r1: { principals: { ann: { tenant: 't1', scopes: ['resources:read'] } }, resources: [{ uri: 'kb://t1/doc', tenant: 't1' }], resourceTemplates: [] } },
  },
  transport_context_defaults: { transport: 'streamable_http', token_active: true, token_audience: RESOURCE, resource: RESOURCE },
};
const c2s = (message: object, extra: object = {}) => ({ direction: 'client_to_server', ...extra, message });
const s2c = (message: object) => ({ direction: 'server_to_client', message });
const HANDSHAKE = [
  c2s({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1.0.0' } } }),
  s2c({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {}, resources: {} }, serverInfo: { name: 's', version: '1.0.0' } } }),
  c2s({ jsonrpc: '2.0', method: 'notifications/initialized' }),
];
const TOOLS_LIST = (id: number) => c2s({ jsonrpc: '2.0', id, method: 'tools/list' });
const READ = (id: number, context?: object) =>
  c2s({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri: 'kb://t1/doc' } }, context ? { transport_context: context } : {});
const ANN = { subject: 'ann', tenant: 't1', scopes: ['resources:read'], authorization_revision: 'r1' };

function transcript(name: string, lines: readonly (object | string)[]): string {
  const file = join(dir, name);
  writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

test('a clean transcript: exit 0, report keys in order, no findings', () => {
  const file = transcript('clean.jsonl', [HEADER, ...HANDSHAKE, TOOLS_LIST(2), s2c({ jsonrpc: '2.0', id: 2, result: { tools: [] } }), READ(3, ANN),
    s2c({ jsonrpc: '2.0', id: 3, result: { contents: [{ uri: 'kb://t1/doc', mimeType: 'text/plain', text: 'x' }] } })]);
  const r = run(['validate', file, '--json']);
  assert.is(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(Object.keys(report), ['counts', 'findings', 'lines', 'messages', 'profile', 'protocol_version', 'status']);
  assert.equal([report.status, report.protocol_version, report.lines, report.messages], ['pass', '2025-11-25', 8, 7]);
  assert.equal(report.findings, []);
  assert.equal(report.counts, { error: 0, warning: 0 });
});

test('a duplicate outstanding id: exit 1 with its line, rule and pointer', () => {
  const file = transcript('duplicate.jsonl', [HEADER, ...HANDSHAKE, TOOLS_LIST(2), TOOLS_LIST(2)]);
  const r = run(['validate', file, '--json']);
  assert.is(r.status, 1, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.is(report.status, 'fail');
  // Then, at the end, the first tools/list is still unanswered: a warning at its line.
  assert.equal(report.findings.map((f: { line: number; rule: string; pointer: string; severity: string }) => [f.line, f.rule, f.pointer, f.severity]),
    [[6, 'correlation/duplicate-outstanding-id', '/message/id', 'error'], [5, 'correlation/unanswered-request', '/message/id', 'warning']]);
  assert.equal(report.counts, { error: 1, warning: 1 });
});

test('every line is judged: findings on later lines are reported too, in line order, as text', () => {
  const file = transcript('many.jsonl', [HEADER, ...HANDSHAKE, TOOLS_LIST(2), TOOLS_LIST(2), s2c({ jsonrpc: '2.0', id: 99, result: { tools: [] } }), READ(4)]);
  const r = run(['validate', file]);
  assert.is(r.status, 1, r.stderr);
  const lines = r.stdout.trim().split('\n').filter((l) => !l.startsWith('  '));
  assert.is(lines.length, 5);
  assert.match(lines[0] as string, /^line 6: error: tools\/list \/message\/id: .* \[correlation\/duplicate-outstanding-id\]$/);
  assert.match(lines[1] as string, /^line 7: error: \/message\/id: .* \[correlation\/no-matching-request\]$/);
  assert.match(lines[2] as string, /^line 8: error: resources\/read \/transport_context\S*: .* \[auth\/\S+\]$/);
  assert.match(lines[3] as string, /^line 5: warning: tools\/list \/message\/id: the client's tools\/list request \(id 2\) was never answered \[correlation\/unanswered-request\]$/);
  assert.match(lines[4] as string, /^failed: 8 lines, 7 messages, 3 errors, 1 warning \(course, MCP 2025-11-25\)$/);
  // Each rule's specification link follows its first finding.
  assert.match(r.stdout, /\[correlation\/duplicate-outstanding-id\]\n  spec: https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\/basic\n/);
});

test('a line that is not strict JSON is a finding on that line (column, rule, pointer); the lines after it are judged', () => {
  const file = transcript('bad-json.jsonl', [HEADER, ...HANDSHAKE, '{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":2,"id":3,"method":"ping"}}', TOOLS_LIST(2), TOOLS_LIST(2)]);
  const r = run(['validate', file, '--json']);
  assert.is(r.status, 1, r.stderr);
  assert.is(r.stderr, '');
  const report = JSON.parse(r.stdout);
  assert.equal(report.findings.slice(0, 2).map((f: { line: number; rule: string; pointer: string; message: string }) => [f.line, f.rule, f.pointer, f.message]), [
    [5, 'json/duplicate-key', '/message/id', 'Invalid JSON at column 67: duplicate key "id"'],
    [7, 'correlation/duplicate-outstanding-id', '/message/id', report.findings[1].message],
  ]);
  assert.is(report.messages, 5, 'the bad line is no message; the session stayed as it was');
  const text = run(['validate', file]);
  assert.match(text.stdout, /^line 5: error: \/message\/id: Invalid JSON at column 67: duplicate key "id" \[json\/duplicate-key\]$/m);
  assert.not.match(text.stdout + text.stderr, /secret-dir/);
});

test('a line that is not a step, or a header after line 1: a fixture/transcript-invalid finding in our words', () => {
  const file = transcript('bad-step.jsonl', [...HANDSHAKE, { direction: 'sideways', message: {} }, { direction: 'client_to_server', message: {}, extra: 1 }, HEADER, [1, 2]]);
  const r = run(['validate', file, '--json']);
  assert.is(r.status, 1, r.stderr);
  assert.equal(JSON.parse(r.stdout).findings.map((f: { line: number; rule: string; pointer: string; message: string }) => [f.line, f.rule, f.pointer, f.message]), [
    [4, 'fixture/transcript-invalid', '/direction', 'not a transcript step: direction must be "client_to_server" or "server_to_client", found "sideways"'],
    [5, 'fixture/transcript-invalid', '/extra', 'not a transcript step: unknown member "extra"; the members are direction, message, transport_context'],
    [6, 'fixture/transcript-invalid', '/mcp_statechart_transcript', 'not a transcript step: a header is allowed on the first line only'],
    [7, 'fixture/transcript-invalid', '', 'not a transcript step: a step is a JSON object, found an array'],
  ]);
});

test('a bad header stops the run: exit 2, our words, and under --json still one document with status "error"', () => {
  const file = transcript('bad-header.jsonl', [{ ...HEADER, profile: 'nope' }, ...HANDSHAKE]);
  const text = run(['validate', file]);
  assert.is(text.status, 2);
  assert.is(text.stderr, 'mcp-statechart: line 1: invalid transcript header at /profile: profile must be "auto", "course", "2025-11-25", "2025-06-18" or "2026-07-28", found "nope" [fixture/transcript-invalid]\n');
  const json = run(['validate', file, '--json']);
  assert.is(json.status, 2);
  const doc = JSON.parse(json.stdout);
  assert.equal(Object.keys(doc), ['counts', 'error', 'findings', 'lines', 'messages', 'profile', 'protocol_version', 'status']);
  assert.equal(doc.error, { rule: 'fixture/transcript-invalid', message: text.stderr.slice('mcp-statechart: '.length, -' [fixture/transcript-invalid]\n'.length), pointer: '/profile' });
  assert.is(doc.status, 'error');
  const bogus = run(['validate', transcript('bogus-header.jsonl', [{ ...HEADER, bogus_key: 1 }])]);
  assert.match(bogus.stderr, /invalid transcript header at \/bogus_key: unknown member "bogus_key"; the members are mcp_statechart_transcript, /);
});

test('stdin: - reads the transcript from standard input', () => {
  const body = [HEADER, ...HANDSHAKE, TOOLS_LIST(2), TOOLS_LIST(2)].map((l) => JSON.stringify(l)).join('\n');
  const r = run(['validate', '-', '--json'], body);
  assert.is(r.status, 1, r.stderr);
  assert.equal(JSON.parse(r.stdout).findings.map((f: { line: number; rule: string }) => [f.line, f.rule]),
    [[6, 'correlation/duplicate-outstanding-id'], [5, 'correlation/unanswered-request']]);
  const clean = run(['validate', '-'], HANDSHAKE.map((l) => JSON.stringify(l)).join('\r\n') + '\r\n');
  assert.is(clean.status, 0, clean.stderr);
  // Without a header the negotiated version (the initialize request's) picks the specification profile.
  assert.match(clean.stdout, /^ok: 3 lines, 3 messages, 0 errors, 0 warnings \(2025-11-25, MCP 2025-11-25\)\n$/);
});

test('without a header: the negotiated profile, no authorization policy, so authorization-bound checks are skipped', () => {
  const r = run(['validate', transcript('no-header.jsonl', [...HANDSHAKE, READ(2)]), '--json']);
  assert.is(r.status, 0, r.stdout + r.stderr);
  const report = JSON.parse(r.stdout);
  assert.is(report.messages, 4);
  assert.is(report.profile, '2025-11-25');
});

test('an unreadable transcript or a wrong number of arguments: exit 2, no path echoed', () => {
  const missing = spawnSync(process.execPath, [CLI, 'validate', 'missing.jsonl'], { encoding: 'utf8', cwd: dir });
  assert.is(missing.status, 2);
  assert.is(missing.stderr, 'mcp-statechart: could not read "missing.jsonl": no such file or folder (ENOENT) [cli/read-failed]\n');
  const folder = spawnSync(process.execPath, [CLI, 'validate', '.'], { encoding: 'utf8', cwd: dir });
  assert.is(folder.status, 2);
  assert.is(folder.stderr, 'mcp-statechart: could not read ".": it is a folder (EISDIR) [cli/read-failed]\n');
  assert.is(run(['validate']).status, 2);
});

test('reading - from a terminal says so on stderr (a waiting command would look hung); from a pipe it says nothing', () => {
  const lines = [
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } } },
  ].map((l) => JSON.stringify(l)).join('\n') + '\n';
  // util-linux `script` gives the command a pseudo-terminal as its standard input; Ctrl-D ends the input there.
  const typed = spawnSync('script', ['-qec', `${process.execPath} ${CLI} validate -`, '/dev/null'], { encoding: 'utf8', input: lines + '\u0004', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
  assert.is(typed.error, undefined);
  assert.match(typed.stdout, 'mcp-statechart: reading a transcript or trace from the terminal; end it with Ctrl-D (or pipe it: ... | mcp-statechart ...)');
  assert.match(typed.stdout, /ok: 2 lines, 2 messages, 0 errors, 0 warnings/);
  const piped = run(['validate', '-'], lines);
  assert.is(piped.status, 0);
  assert.is(piped.stderr, '');
  const report = spawnSync('script', ['-qec', `${process.execPath} ${CLI} report -`, '/dev/null'], { encoding: 'utf8', input: '\u0004', timeout: 60_000 });
  assert.match(report.stdout, 'mcp-statechart: reading a trace from the terminal; end it with Ctrl-D');
});

test.run();
