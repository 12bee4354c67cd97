import { statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WriteError } from '../../files/io-error.ts';
import { htmlReport } from '../../reports/html-report.ts';
import { REDACTED, secretEnvironmentValues } from '../../trace/redaction.ts';
import { buildReportModel } from '../../reports/report-model.ts';
import { MAX_CHART_EVENTS } from '../../reports/sequence-chart.ts';
import { writeReports } from '../../reports/write-reports.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';
import { renderAll, tempDir } from './support.ts';
import { cleanTrace, errorTrace, failingTrace, hostileTrace, HOSTILE, makeTrace, HANDSHAKE } from './traces.ts';

const tmp = tempDir('reports');
test.after(() => tmp.remove());

test('JSON report: status, findings with method and spec link, signature, run facts and counts; sorted keys', async () => {
  const r = await renderAll(tmp.dir, failingTrace());
  assert.is(r.outcome.exitCode, 1);
  const report = parseStrictJson(r.json) as Record<string, unknown>;
  assert.is(report['status'], 'fail');
  assert.is(report['mcp_statechart_report'], 1);
  assert.is(report['signature'], failingTrace().signature);
  assert.is(report['profile'], '2025-11-25');
  assert.is(report['protocol_version'], '2025-11-25');
  assert.equal(report['target'], { transport: 'http', url: 'http://127.0.0.1:1234/mcp' });
  assert.equal(report['counts'], { errors: 2, events: 12, expected: 0, messages: 6, stale: 0, unexpected_errors: 2, warnings: 1 });
  const findings = report['findings'] as Record<string, unknown>[];
  assert.equal(findings[0], {
    direction: 'server_to_client', event: 7, expected: false, keyword: 'course', message: 'Tool names must be unique: "echo" is listed twice.', method: 'tools/list result',
    pointer: '/message/result/tools/1/name', rule: 'tools/duplicate-name', severity: 'error', spec: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools',
    target: { kind: 'tool', name: 'echo' },
  });
  assert.not.ok('method' in findings[2]!, 'a finding on an HTTP response has no method');
  const keys = (text: string) => [...text.matchAll(/^ {2}"([^"]+)":/gm)].map((m) => m[1]);
  assert.equal(keys(r.json), [...keys(r.json)].sort(), 'top-level keys sorted');
  assert.not.match(r.json, /time|duration|date/i);
});

test('every format is byte-identical when written twice from the same trace', async () => {
  for (const trace of [cleanTrace(), failingTrace(), errorTrace(), hostileTrace()]) {
    const a = await renderAll(tmp.dir, trace);
    const b = await renderAll(tmp.dir, trace);
    for (const format of ['json', 'junit', 'sarif', 'html'] as const) assert.ok(a[format] === b[format], `${format} differs between two writes`);
    assert.is(a.stdout.replace(/; wrote .*/, ''), b.stdout.replace(/; wrote .*/, ''));
  }
});

test('exit codes: a clean run 0, error findings 1, warnings alone 0, a run that could not complete 2', async () => {
  assert.is((await renderAll(tmp.dir, cleanTrace())).outcome.exitCode, 0);
  assert.is((await renderAll(tmp.dir, failingTrace())).outcome.exitCode, 1);
  const warningOnly = failingTrace();
  const onlyWarning = makeTrace(warningOnly.events, warningOnly.findings.filter((f) => f.severity === 'warning'));
  const w = await renderAll(tmp.dir, onlyWarning);
  assert.is(w.outcome.exitCode, 0);
  assert.match(w.outcome.summary, /^pass: 0 errors, 1 warning;/);
  const e = await renderAll(tmp.dir, errorTrace());
  assert.is(e.outcome.exitCode, 2);
  assert.match(e.outcome.summary, /^error \(the run could not complete: the server exited \(code 1\) before answering initialize\)/);
  assert.is((parseStrictJson(e.json) as Record<string, unknown>)['status'], 'error');
});

test('stdout: one line per finding and the summary; --quiet only the summary; --json only the document', async () => {
  const r = await renderAll(tmp.dir, failingTrace());
  const lines = r.stdout.trimEnd().split('\n');
  assert.is(lines[0], 'event 7: error: tools/list result (tool "echo") /message/result/tools/1/name: Tool names must be unique: "echo" is listed twice. [tools/duplicate-name]');
  assert.is(lines[1], '  spec: https://modelcontextprotocol.io/specification/2025-11-25/server/tools');
  assert.is(lines.length, 7, 'three findings of three rules, each rule\'s spec link once, the summary');
  assert.match(lines[6]!, /^fail: 2 errors, 1 warning; 12 events, 6 messages \(2025-11-25, MCP 2025-11-25\); mcp-statechart:v1:[0-9a-f]{64}; wrote 4 files: /);
  const quiet = await renderAll(tmp.dir, failingTrace(), { quiet: true });
  assert.is(quiet.stdout.trimEnd().split('\n').length, 1);
  const json = await renderAll(tmp.dir, failingTrace(), { json: true });
  assert.is(json.stdout, json.json, 'the JSON on stdout is the JSON file');
});

/** A run whose one error comes after five warnings of one rule and one of another. */
function noisyTrace() {
  const base = failingTrace();
  const warnings = [4, 6, 8, 9, 11].map((event) => ({ rule: 'tools/name-format', severity: 'warning' as const, event, pointer: '/message', message: `warning at ${event}` }));
  return makeTrace(base.events, [
    ...warnings,
    { rule: 'envelope/id-type', severity: 'warning', event: 5, pointer: '', message: 'a second rule' },
    { rule: 'tools/duplicate-name', severity: 'error', event: 7, pointer: '/message/result/tools/1/name', message: 'the one error' },
  ], { target: base.target });
}

test('stdout: errors first, grouped by rule, the first three of a rule in full and the rest counted with their span', async () => {
  const r = await renderAll(tmp.dir, noisyTrace());
  const lines = r.stdout.trimEnd().split('\n').filter((l) => !l.startsWith('  spec: '));
  assert.equal(lines.slice(0, -1), [
    'event 7: error: /message/result/tools/1/name: the one error [tools/duplicate-name]',
    'event 4: warning: /message: warning at 4 [tools/name-format]',
    'event 6: warning: /message: warning at 6 [tools/name-format]',
    'event 8: warning: /message: warning at 8 [tools/name-format]',
    'events 9-11: warning: 2 more tools/name-format warnings (5 in all)',
    'event 5: warning: a second rule [envelope/id-type]',
  ].map((l) => l.replace('event 7: error: /', 'event 7: error: tools/list result (tool "echo") /')));
  const json = JSON.parse((await renderAll(tmp.dir, noisyTrace(), { json: true })).stdout) as { findings: { event: number; rule: string }[] };
  assert.equal(json.findings.map((f) => f.event), [4, 6, 8, 9, 11, 5, 7], '--json keeps every finding, in the order found');
});

test('HTML: findings grouped by rule with errors first, a filter of every severity and rule, the member each pointer names', () => {
  const model = buildReportModel(noisyTrace(), [], []);
  const html = htmlReport(model, 'summary');
  const order = [...html.matchAll(/<li class="finding-group (\w+)" data-rule="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
  assert.equal(order, ['error tools/duplicate-name', 'warning tools/name-format', 'warning envelope/id-type']);
  assert.match(html, /<option value="tools\/name-format">tools\/name-format \(5\)<\/option>/);
  assert.match(html, /<input type="checkbox" name="severity" value="error" checked> 1 error<\/label>/);
  assert.match(html, /<summary>2 more<\/summary>/);
  assert.is((html.match(/<li class="finding /g) ?? []).length, 7, 'every finding is on the page');
  const data = JSON.parse(/<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { events: { text: string }[]; findings: { member: [number, number] | null }[] };
  const [start, end] = data.findings[6]!.member!;
  assert.is(data.events[7]!.text.slice(start, end), '"name": "echo"', 'the duplicate tool name, as the pointer names it');
  assert.is(data.findings[5]!.member, null, 'a pointer to the whole event marks nothing');
});

test('spec links follow the revision judged: a 2025-06-18 run links the 2025-06-18 pages in JSON, text and SARIF', async () => {
  const base = failingTrace();
  const older = makeTrace(base.events, base.findings, { target: base.target, profile: '2025-06-18', protocol_version: '2025-06-18' });
  const r = await renderAll(tmp.dir, older);
  const json = JSON.parse(r.json) as { findings: { rule: string; spec: string }[] };
  assert.is(json.findings.find((f) => f.rule === 'tools/duplicate-name')?.spec, 'https://modelcontextprotocol.io/specification/2025-06-18/server/tools');
  assert.match(r.stdout, /\n  spec: https:\/\/modelcontextprotocol\.io\/specification\/2025-06-18\/server\/tools\n/);
  const sarif = JSON.parse(r.sarif) as { runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } } }[] };
  assert.is(sarif.runs[0]!.tool.driver.rules.find((x) => x.id === 'tools/duplicate-name')?.helpUri, 'https://modelcontextprotocol.io/specification/2025-06-18/server/tools');
  const current = JSON.parse((await renderAll(tmp.dir, failingTrace())).json) as { findings: { rule: string; spec: string }[] };
  assert.is(current.findings.find((f) => f.rule === 'tools/duplicate-name')?.spec, 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools');
});

test('hostile content: terminal escapes never reach stdout raw; lone surrogates become U+FFFD; huge strings are cut', async () => {
  const r = await renderAll(tmp.dir, hostileTrace());
  assert.not.match(r.stdout, /[\u0000-\u0008\u000b-\u001f\u007f]/);
  assert.match(r.stdout, /escape\\u001B\[31m/);
  for (const format of ['json', 'junit', 'sarif', 'html'] as const) {
    assert.not.match(r[format], /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/, `${format}: no lone surrogate`);
    assert.not.match(r[format], /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i, `${format}: no escaped lone surrogate`);
  }
  assert.ok(parseStrictJson(r.json), 'the JSON report is strict JSON (I-JSON) even so');
  const report = parseStrictJson(r.json) as { findings: { message: string }[] };
  assert.ok(report.findings[1]!.message.length < 2100, 'a finding message of 3 MB is cut');
  assert.match(report.findings[1]!.message, /… \(\d+ more characters\)$/);
  assert.ok(r.html.length < 1_000_000, `the page stays small: ${r.html.length}`);
  assert.ok(r.html.includes(HOSTILE.script.replace(/</g, '&lt;').replace(/>/g, '&gt;')), 'the script tag appears escaped');
});

test('report files are created owner-only (0600), also over an existing file that others could read', async () => {
  const existing = join(tmp.dir, 'existing.xml');
  writeFileSync(existing, 'old');
  chmodSync(existing, 0o644);
  const r = await renderAll(tmp.dir, failingTrace(), { junit: existing });
  for (const path of [r.paths.json, existing, r.paths.sarif, r.paths.html]) assert.is(statSync(path).mode & 0o777, 0o600, path);
});

test('a file that cannot be written: the others are still written, and the outcome is exit 2 with the failure', async () => {
  writeFileSync(join(tmp.dir, 'plain-file'), '');
  const blocked = join(tmp.dir, 'plain-file', 'secret-name.xml');
  let printed = '';
  const outcome = await writeReports(failingTrace(), { junit: blocked, jsonFile: join(tmp.dir, 'new-folder', 'still.json') }, { stdout: (t) => (printed += t) });
  assert.is(outcome.exitCode, 2);
  assert.instance(outcome.failure, WriteError);
  assert.is((outcome.failure as WriteError).code, 'ENOTDIR');
  assert.ok(statSync(join(tmp.dir, 'new-folder', 'still.json')).isFile(), 'a missing folder is made');
  assert.match(printed, /wrote 1 file: /);
  const folder = await writeReports(failingTrace(), { html: tmp.dir }, { stdout: () => undefined });
  assert.is((folder.failure as WriteError).code, 'EISDIR');
});

test('redaction at the output boundary: secret-looking environment values and values under secret keys never appear', async () => {
  const secret = 'sk-live-9f8e7d6c5b4a';
  process.env['MCP_TEST_API_TOKEN'] = secret;
  try {
    assert.ok(secretEnvironmentValues(process.env).includes(secret));
    const trace = makeTrace([
      ...HANDSHAKE,
      { kind: 'message', direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: `echo ${secret}`, password: 'hunter2-hunter2' } } } },
      { kind: 'message', direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: `you said ${secret}` }] } } },
      { kind: 'http_request', exchange: 1, method: 'POST', headers: { authorization: 'Bearer abc.def.ghi' } },
    ], [{ rule: 'tools/call-result', severity: 'error', event: 4, pointer: '/message/result', message: `echoed ${secret}` }], { target: { transport: 'stdio', command: ['server', `--key=${secret}`] } });
    const r = await renderAll(tmp.dir, trace);
    for (const format of ['json', 'junit', 'sarif', 'html', 'stdout'] as const) {
      assert.not.ok(r[format].includes(secret), `${format} leaks the environment secret`);
      assert.not.ok(r[format].includes('hunter2-hunter2'), `${format} leaks a password argument`);
      assert.not.ok(r[format].includes('abc.def.ghi'), `${format} leaks an authorization header`);
    }
    assert.ok(r.json.includes(REDACTED) && r.html.includes(REDACTED));
    const places = parseStrictJson(r.json) as { target: { command: string[] } };
    assert.equal(places.target.command, ['server', `--key=${REDACTED}`]);
  } finally {
    delete process.env['MCP_TEST_API_TOKEN'];
  }
});

test('protocol members that look secret (progressToken) and short flag values are left alone', async () => {
  process.env['MCP_TEST_AUTH_ENABLED'] = '1';
  try {
    const trace = makeTrace([...HANDSHAKE, { kind: 'message', direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { progressToken: 'tok-1' } } } }], []);
    const r = await renderAll(tmp.dir, trace);
    assert.ok(r.html.includes('tok-1'));
    assert.ok(r.json.includes('"protocol_version": "2025-11-25"'));
    assert.not.ok(secretEnvironmentValues(process.env).includes('1'));
  } finally {
    delete process.env['MCP_TEST_AUTH_ENABLED'];
  }
});

test('the chart of a very long run stops at its bound and says how many events it left out', async () => {
  const pings = Array.from({ length: MAX_CHART_EVENTS + 4 }, (_, i) => ({ kind: 'message' as const, direction: 'client_to_server' as const, message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: i } } }));
  const model = buildReportModel(makeTrace(pings, []), [], []);
  const page = htmlReport(model, 'pass');
  assert.is(page.match(/<g class="event /g)?.length, MAX_CHART_EVENTS);
  assert.match(page, />4 more events are not drawn</);
});

test.run();
