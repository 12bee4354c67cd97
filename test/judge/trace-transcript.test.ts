// Why: a trace's message events exported as a transcript must be judged to the findings the trace
// is judged to, so that a trace can go wherever a transcript goes (validate, coverage, inspect).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { judgeTrace } from '../../live/trace-judge.ts';
import { eventOfLine, transcriptOfTrace } from '../../trace/trace-transcript.ts';
import { traceText } from '../../trace/trace-file.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { validateTranscript } from '../../transcripts/validate-transcript.ts';
import { checkPeer } from '../live/support.ts';

const CLI = resolve(import.meta.dirname, '../../dist/cli.js');

async function* chunks(text: string): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(text);
}

/** The trace's findings on message events, and the exported transcript's, as [event, rule, severity, pointer, message, method]. */
async function bothWays(trace: Trace) {
  const judged = judgeTrace(trace);
  const fromTrace = judged.findings.filter((f) => f.event !== null && trace.events[f.event]?.kind === 'message')
    .map((f) => [f.event, f.rule, f.severity, f.pointer, f.message, judged.about(f).method]);
  const events = eventOfLine(trace);
  const run = await validateTranscript(chunks(transcriptOfTrace(trace)));
  assert.is(run.failure, undefined);
  const fromTranscript = run.report.findings.map((f) => [events[f.line] ?? null, f.rule, f.severity, f.pointer, f.message, f.method]);
  // A transcript lists the requests unanswered at its end last; a trace keeps every finding in event order.
  const byEvent = (a: unknown[], b: unknown[]) => Number(a[0]) - Number(b[0]);
  return { fromTrace: [...fromTrace].sort(byEvent), fromTranscript: [...fromTranscript].sort(byEvent) };
}

test('a check trace with a malformed response: the exported transcript draws the same findings on the same messages', async () => {
  const run = await checkPeer('result-and-error');
  const { fromTrace, fromTranscript } = await bothWays(run.trace);
  assert.ok(fromTrace.some((f) => f[1] === 'envelope/result-and-error'));
  assert.equal(fromTranscript, fromTrace);
});

test('a tap trace whose client never answers the server: the same unanswered request both ways', async () => {
  const steps = [
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 7, method: 'ping' } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 2, result: { tools: 'none' } } },
  ];
  const trace = {
    mcp_statechart_trace: 1, generator: 'test', mode: 'tap', target: { transport: 'stdio' }, options: {}, profile: '2025-06-18', protocol_version: '2025-06-18',
    capabilities: { client: {}, server: {} }, events: [{ kind: 'stderr', text: 'starting', truncated: false }, ...steps.map((s) => ({ kind: 'message', ...s }))],
    findings: [], cleanup: {}, status: 'pass',
  } as unknown as Trace;
  const { fromTrace, fromTranscript } = await bothWays(trace);
  // The client sent tools/list after the ping and never answered it: ping, "The receiver MUST respond promptly".
  assert.equal(fromTrace.map((f) => f[1]).sort(), ['correlation/ping-unanswered', 'tools/list-result']);
  assert.ok(fromTrace.some((f) => f[1] === 'correlation/ping-unanswered' && f[0] === 4), 'the ping, at its event');
  assert.equal(fromTranscript, fromTrace);
});

test('the CLI: report --jsonl writes the transcript, validate judges it, inspect and coverage take the trace itself', async () => {
  const run = await checkPeer('result-and-error');
  const dir = mkdtempSync(join(tmpdir(), 'trace-transcript-'));
  try {
    const tracePath = join(dir, 'run.json');
    writeFileSync(tracePath, traceText(run.trace));
    const jsonl = join(dir, 'run.jsonl');
    const report = spawnSync(process.execPath, [CLI, 'report', '--quiet', '--jsonl', jsonl, tracePath], { encoding: 'utf8', cwd: dir });
    assert.is(report.status, 1, report.stderr);
    assert.is(readFileSync(jsonl, 'utf8'), transcriptOfTrace(run.trace), 'sorted keys: the same text whatever the order the trace was written in');
    const validate = spawnSync(process.execPath, [CLI, 'validate', '--json', jsonl], { encoding: 'utf8', cwd: dir });
    assert.is(validate.status, 1, validate.stderr);
    const rules = (JSON.parse(validate.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule);
    assert.equal(rules, ['envelope/result-and-error']);
    const page = join(dir, 'page.html');
    const inspect = spawnSync(process.execPath, [CLI, 'inspect', '--transcript', tracePath, '--out', page], { encoding: 'utf8', cwd: dir });
    assert.is(inspect.status, 0, inspect.stderr);
    assert.match(inspect.stdout, /\b7 steps, 1 errors/);
    const coverage = spawnSync(process.execPath, [CLI, 'coverage', '--quiet', tracePath], { encoding: 'utf8', cwd: dir });
    assert.is(coverage.status, 1, coverage.stderr);
    assert.match(coverage.stdout, /\b1 case\b/);
    // Not a trace, not a transcript: still refused with a rule, as before.
    writeFileSync(join(dir, 'junk.json'), '{\n"x": 1\n}\n');
    const junk = spawnSync(process.execPath, [CLI, 'coverage', '--quiet', join(dir, 'junk.json')], { encoding: 'utf8', cwd: dir });
    assert.is(junk.status, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
