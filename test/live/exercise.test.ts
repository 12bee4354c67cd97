// Why: `check --exercise` drives a server's own surface and judges every answer with the one core.
// A server made with the 1.x SDK with planted answer bugs is found with no --call, each bug one
// finding with its rule, method and target; a correct server with rich schemas comes out clean with
// every read-only tool called, never its destructive or unannotated ones (the summary says so, and
// how to include them); --exercise none sends what a check without it sends; a call past --timeout
// is the checker's own stop (a warning) and the run goes on. Both eras, stdio and Streamable HTTP
// (where 2026-07-28 calls carry the Mcp-Param headers x-mcp-header asks for).
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckOptions, CheckRun } from '../../live/run-check.ts';
import { runCheck } from '../../live/run-check.ts';
import { runExercise, type ExerciseHost } from '../../live/exercise.ts';
import { exerciseSummary, expandTemplate, templateVariables, toolRefusal, type ExerciseReport } from '../../live/exercise-plan.ts';
import { paramHeaders, paramHeaderValues } from '../../live/mcp-param-headers.ts';
import { runCli } from '../../scripts/cli/run-cli.ts';
import { parseCommandLine } from '../../scripts/cli/parse-args.ts';
import { UsageError } from '../../scripts/cli/usage-error.ts';
import { parseCheckArgs } from '../../scripts/commands/check.ts';
import { findCommand } from '../../scripts/commands/index.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { streamableHttp } from '../../scripts/commands/live-args.ts';
import { startExerciseHttp } from '../peers/exercise-http.ts';
import { checkNode, clientFindings } from './support.ts';

const PEERS = resolve(import.meta.dirname, '../peers');
const BUGGY = resolve(PEERS, 'exercise-buggy-sdk1.mjs');
const CLEAN_V1 = resolve(PEERS, 'exercise-clean-sdk1.mjs');
const CLEAN_V2 = resolve(PEERS, 'exercise-clean-sdk2.mjs');
const READ_ONLY = ['convert_units', 'search_catalog', 'slow_read'];

const rules = (run: CheckRun) => run.trace.findings.map((f) => `${f.severity} ${f.rule}`).sort();
const report = (run: CheckRun) => run.trace.options['exercise'] as unknown as ExerciseReport;
type Sent = { method: string; id?: number; params?: Record<string, unknown> };
const sent = (run: CheckRun): Sent[] => run.trace.events.flatMap((e) => (e.kind === 'message' && e.direction === 'client_to_server' ? [e.message as Sent] : []));
const called = (run: CheckRun) => [...new Set(sent(run).filter((m) => m.method === 'tools/call').map((m) => m.params?.['name'] as string))].sort();
const stderr = (run: CheckRun) => run.trace.events.map((e) => (e.kind === 'stderr' ? e.text : '')).join('');

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => void (out += t), err: (t) => void (err += t), color: false });
  return { code, out, err };
}

async function checkHttp(overrides: Partial<CheckOptions>, slow = false): Promise<CheckRun> {
  const peer = await startExerciseHttp(slow);
  try {
    return await runCheck({
      target: { transport: 'http', url: peer.url.href }, scope: 'quick', timeoutMs: 5000, protocolVersion: '2025-11-25', era: 'auto',
      calls: [], answers: { roots: [] }, headerEnv: [], env: {}, httpTransport: streamableHttp, exercise: 'safe', ...overrides,
    });
  } finally {
    await peer.stop();
  }
}

test('policy: safe calls only tools annotated readOnlyHint: true and never a destructive one; all calls every tool; none calls none', () => {
  assert.is(toolRefusal({ name: 'r', annotations: { readOnlyHint: true } }, 'safe'), undefined);
  assert.equal(toolRefusal({ name: 'd', annotations: { readOnlyHint: true, destructiveHint: true } }, 'safe'), { reason: 'annotated destructiveHint: true', include: '--exercise all' });
  assert.equal(toolRefusal({ name: 'u' }, 'safe'), { reason: 'not annotated readOnlyHint: true', include: '--exercise all' });
  assert.equal(toolRefusal({ name: 'w', annotations: { readOnlyHint: false } }, 'safe'), { reason: 'not annotated readOnlyHint: true', include: '--exercise all' });
  assert.is(toolRefusal({ name: 'd', annotations: { destructiveHint: true } }, 'all'), undefined);
  assert.ok(toolRefusal({ name: 'r', annotations: { readOnlyHint: true } }, 'none') !== undefined);
});

test('URI templates: the variables of each operator, expanded as RFC 6570 does', () => {
  assert.equal(templateVariables('file:///{+path}{?q,lang}{#frag}'), ['path', 'q', 'lang', 'frag']);
  assert.is(expandTemplate('notes://note/{id}', { id: 'a b' }), 'notes://note/a%20b');
  assert.is(expandTemplate('file:///{+path}', { path: 'a/b c' }), 'file:///a/b%20c');
  assert.is(expandTemplate('x://s{/a,b}{?q,lang}', { a: '1', b: '2', q: 'k' }), 'x://s/1/2?q=k');
  assert.is(expandTemplate('x://s{.ext}{;p}{&r}{#f}', { ext: 'json', p: 'v', r: 's', f: 'top' }), 'x://s.json;p=v&r=s#top');
});

test('x-mcp-header: values mirrored and encoded as the transport page says; tools whose annotations break its constraints are set aside', () => {
  const tool = { name: 'q', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer', 'x-mcp-header': 'N' }, deep: { type: 'object', properties: { on: { type: 'boolean', 'x-mcp-header': 'On' } } } } } };
  const found = paramHeaders(tool);
  assert.ok('headers' in found);
  if (!('headers' in found)) return;
  assert.equal(paramHeaderValues(found.headers, { region: 'us-west1', n: -7, deep: { on: false } }), { 'mcp-param-region': 'us-west1', 'mcp-param-n': '-7', 'mcp-param-on': 'false' });
  assert.equal(paramHeaderValues(found.headers, { region: 'Hello, 世界' }), { 'mcp-param-region': '=?base64?SGVsbG8sIOS4lueVjA==?=' });
  assert.equal(paramHeaderValues(found.headers, { region: ' padded ' }), { 'mcp-param-region': '=?base64?IHBhZGRlZCA=?=' });
  assert.equal(paramHeaderValues(found.headers, { region: '=?base64?literal?=' }), { 'mcp-param-region': '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=' });
  const bad = (properties: Record<string, unknown>) => 'invalid' in paramHeaders({ name: 'b', inputSchema: { type: 'object', properties } });
  assert.ok(bad({ a: { type: 'number', 'x-mcp-header': 'A' } }), 'number is not allowed');
  assert.ok(bad({ a: { type: 'string', 'x-mcp-header': 'A B' } }), 'not a token');
  assert.ok(bad({ a: { type: 'string', 'x-mcp-header': 'A' }, b: { type: 'string', 'x-mcp-header': 'a' } }), 'not case-insensitively unique');
  assert.ok(bad({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } }), 'through items');
  assert.ok(!bad({ a: { type: 'string' } }));
});

test('the exercise: the first 20 resources, templates and prompts, a bound named once; tools by the policy; completion values for template variables', async () => {
  const sentHere: string[] = [];
  const host: ExerciseHost = {
    request: async (method, params) => {
      sentHere.push(`${method} ${String(params['uri'] ?? params['name'] ?? (params['argument'] as { name?: string } | undefined)?.name)}`);
      if (method === 'completion/complete') return { kind: 'result', result: { completion: { values: ['v1', 'v2'] } }, event: 0 };
      return { kind: 'result', result: {}, event: 0 };
    },
    callTool: async (tool) => {
      sentHere.push(`tools/call ${String(tool['name'])}`);
      return { kind: 'result', result: { content: [], isError: true }, event: 0 };
    },
    mirrorsHeaders: false,
  };
  const listed = {
    resources: Array.from({ length: 25 }, (_, i) => ({ uri: `r://${i}`, name: `r${i}` })),
    resourceTemplates: [{ uriTemplate: 't://{a}/{b}', name: 't' }],
    prompts: [{ name: 'p', arguments: [{ name: 'x', required: true }] }],
    tools: [
      { name: 'ro', annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 3 } }, required: ['n'] } },
      { name: 'rw', inputSchema: { type: 'object' } },
    ],
  };
  const { ended, report: r } = await runExercise(host, { completions: {} }, listed, { mode: 'safe', seed: 1, named: new Set() });
  assert.is(ended, false);
  assert.is(sentHere.filter((s) => s.startsWith('resources/read r://')).length, 20);
  assert.ok(sentHere.includes('resources/read t://v1/v1'), sentHere.join('\n'));
  assert.equal(sentHere.filter((s) => s.startsWith('completion/complete')), ['completion/complete a', 'completion/complete b']);
  assert.ok(sentHere.includes('tools/call ro') && !sentHere.includes('tools/call rw'));
  assert.equal(r.skipped.map((s) => `${s.target}: ${s.reason}`), ['5 more resources: past the first 20 listed', 'rw: not annotated readOnlyHint: true']);
  assert.equal(r.exercised.find((e) => e.target === 'ro')?.answer, 'result (isError)');
  assert.ok(exerciseSummary(r).includes('  not exercised: 5 more resources: past the first 20 listed'));
  const named = await runExercise(host, {}, listed, { mode: 'all', seed: 1, named: new Set(['ro']) });
  assert.equal(named.report.skipped.map((s) => s.target), ['5 more resources', 'ro']);
  assert.ok(named.report.exercised.some((e) => e.target === 'rw'));
});

test('the summary names what was exercised, every tool left out with why, and how to include it; none says nothing', () => {
  const r: ExerciseReport = { mode: 'safe', seed: 1, exercised: [{ method: 'tools/call', target: 'r', args: {}, answer: 'result' }], skipped: [{ method: 'tools/call', target: 'd', reason: 'annotated destructiveHint: true', include: '--exercise all' }] };
  assert.equal(exerciseSummary(r), [
    'exercise safe (seed 1): 0 resource(s) read, 0 template(s) expanded and read, 0 prompt(s) got, 1 tool(s) called',
    '  not exercised: tool "d": annotated destructiveHint: true (include it with --exercise all)',
  ]);
  assert.equal(exerciseSummary({ ...r, mode: 'none' }), []);
});

test('--exercise and --seed: safe and 1 by default; a bad value is a usage error naming the option (exit 2)', () => {
  const parse = (argv: string[]) => {
    const parsed = parseCommandLine(findCommand('check')!, [...argv, '--stdio', '--', 'node', 'x.js']);
    if (parsed.help) throw new Error('help');
    return parseCheckArgs(parsed.args, {});
  };
  assert.equal([parse([]).check.exercise, parse([]).check.seed], ['safe', 1]);
  assert.equal([parse(['--exercise', 'all', '--seed', '42']).check.exercise, parse(['--seed', '42']).check.seed], ['all', 42]);
  assert.is(parse(['--exercise', 'none']).check.exercise, 'none');
  for (const [argv, message] of [[['--exercise', 'some'], /--exercise is safe, all or none, got "some"/], [['--seed', '-1'], /--seed/], [['--seed', '1.5'], /--seed takes a whole number/], [['--seed', '99999999999'], /--seed takes a whole number/]] as const) {
    assert.throws(() => parse([...argv]), (error: unknown) => error instanceof UsageError && message.test(error.message), argv.join(' '));
  }
});

test('SDK 1.x, stdio, check --scope full with no --call: each planted bug is one finding with its rule, method and target; exit 1', async () => {
  const { code, out } = await cli(['check', '--scope', 'full', '--json', '--timeout', '5', '--stdio', '--', process.execPath, BUGGY]);
  assert.is(code, 1);
  const json = JSON.parse(out) as { findings: { rule: string; severity: string; method?: string; target?: { kind: string; name: string } }[]; exercise: ExerciseReport };
  const errors = json.findings.filter((f) => f.severity === 'error').map((f) => `${f.rule} ${f.method} ${f.target?.kind ?? ''} ${f.target?.name ?? ''}`.trim()).sort();
  assert.equal(errors, [
    'capability/server-not-declared notifications/tools/list_changed',
    'content/resource-contents-shape resources/read result resource notes://note/z4',
    'prompts/message prompts/get result prompt summarize',
    'toolschema/instance-type tools/call result tool count_words',
  ]);
  // The one warning is the SDK's answer to the invalid-cursor probe (a SHOULD), as without the exercise.
  assert.equal(json.findings.filter((f) => f.severity === 'warning').map((f) => f.rule), ['probe/invalid-params-code']);
  assert.equal(json.exercise.exercised.map((e) => `${e.method} ${e.target}`), ['resources/read notes://index', 'resources/read notes://note/z4', 'prompts/get summarize', 'tools/call count_words']);
  assert.equal(json.exercise.skipped.map((s) => `${s.target}: ${s.reason}`), ['wipe_notes: annotated destructiveHint: true', 'add_note: not annotated readOnlyHint: true']);
});

test('SDK 1.x, stdio, default exercise: the text summary names the tools not called, why, and --exercise all; they are never called', async () => {
  const { code, out } = await cli(['check', '--timeout', '5', '--stdio', '--', process.execPath, CLEAN_V1]);
  assert.is(code, 0, out);
  assert.match(out, /^exercise safe \(seed 1\): 1 resource\(s\) read, 1 template\(s\) expanded and read, 1 prompt\(s\) got, 3 tool\(s\) called\n/);
  assert.match(out, /not exercised: tool "delete_catalog": annotated destructiveHint: true \(include it with --exercise all\)/);
  assert.match(out, /not exercised: tool "add_item": not annotated readOnlyHint: true \(include it with --exercise all\)/);
  const run = await checkNode([CLEAN_V1], { exercise: 'safe', timeoutMs: 5000 });
  assert.equal(called(run), READ_ONLY);
  assert.not.match(stderr(run), /CALLED/);
});

test('SDK 1.x, stdio, full scope: a correct server with rich schemas is clean with every read-only tool called; --exercise all calls the rest too', async () => {
  const safe = await checkNode([CLEAN_V1], { exercise: 'safe', scope: 'full', timeoutMs: 5000 });
  assert.equal(rules(safe), ['warning probe/invalid-params-code']);
  assert.equal(called(safe), READ_ONLY);
  assert.ok(report(safe).exercised.every((e) => e.answer === 'result'), JSON.stringify(report(safe).exercised));
  // The template's variable came from completion/complete (the server declares completions).
  assert.ok(sent(safe).some((m) => m.method === 'completion/complete' && (m.params?.['ref'] as { type?: string }).type === 'ref/resource'));
  assert.ok(report(safe).exercised.some((e) => e.target === 'catalog://items/book'));
  assert.equal(clientFindings(safe), []);
  // The trace, with what the exercise sent and its options, judges again the same.
  assert.is(judgeTrace(safe.trace).signature, safe.trace.signature);
  assert.equal(judgeTrace(safe.trace).findings, safe.trace.findings);
  const all = await checkNode([CLEAN_V1], { exercise: 'all', timeoutMs: 5000 });
  assert.equal(rules(all), []);
  assert.equal(called(all), ['add_item', 'convert_units', 'delete_catalog', 'search_catalog', 'slow_read']);
  assert.equal(report(all).skipped, []);
});

test('--exercise none sends exactly what a check without the exercise sends, and records no exercise', async () => {
  const none = await checkNode([CLEAN_V1], { exercise: 'none', scope: 'full', timeoutMs: 5000 });
  const without = await checkNode([CLEAN_V1], { scope: 'full', timeoutMs: 5000 });
  const methods = (run: CheckRun) => sent(run).map((m) => m.method);
  assert.equal(methods(none), methods(without));
  assert.equal(rules(none), rules(without));
  assert.is(none.trace.options['exercise'], undefined);
  assert.is(none.exercise, undefined);
  const { out } = await cli(['check', '--exercise', 'none', '--timeout', '5', '--stdio', '--', process.execPath, CLEAN_V1]);
  assert.not.match(out, /exercise|not exercised/);
  assert.match(out, /^pass: 0 errors, 0 warnings;/);
});

test('an exercised call past --timeout is the checker\'s own stop (lifecycle/exercise-timeout, a warning, cancelled), and the run goes on', async () => {
  const run = await checkNode([BUGGY, '--slow'], { exercise: 'safe', scope: 'full', timeoutMs: 3000 });
  const stopped = run.trace.findings.filter((f) => f.rule === 'lifecycle/exercise-timeout');
  assert.is(stopped.length, 1);
  assert.is(stopped[0]?.severity, 'warning');
  assert.ok(!run.trace.findings.some((f) => f.rule === 'transport/timeout'));
  assert.equal(report(run).exercised.find((e) => e.method === 'tools/call')?.answer, 'timeout');
  assert.ok(sent(run).some((m) => m.method === 'notifications/cancelled'));
  // The full scope's probes were still sent after the stop.
  assert.ok(run.trace.events.some((e) => e.kind === 'message' && e.probe === 'unknown-method'));
});

test('SDK 2.x, stdio, 2026-07-28: clean but for serveStdio\'s known answers, every read-only tool called, every request with its _meta', async () => {
  const run = await checkNode([CLEAN_V2], { exercise: 'safe', era: 'auto', timeoutMs: 5000 });
  assert.is(run.trace.profile, '2026-07-28');
  assert.equal(rules(run), []);
  assert.equal(called(run), READ_ONLY);
  for (const m of sent(run).filter((m) => m.id !== undefined)) assert.ok(m.params?.['_meta'] !== undefined, m.method);
  assert.ok(report(run).exercised.every((e) => e.answer === 'result'), JSON.stringify(report(run).exercised));
});

test('SDK 2.x, Streamable HTTP, both eras: clean with every read-only tool called; in 2026-07-28 the call carries Mcp-Name and Mcp-Param-Region', async () => {
  const modern = await checkHttp({ era: 'modern' });
  assert.is(modern.trace.profile, '2026-07-28');
  assert.equal(rules(modern), []);
  assert.equal(called(modern), READ_ONLY);
  const calls = modern.trace.events.filter((e) => e.kind === 'http_request' && e.headers['mcp-method'] === 'tools/call');
  const search = calls.find((e) => e.kind === 'http_request' && e.headers['mcp-name'] === 'search_catalog');
  const args = sent(modern).find((m) => m.method === 'tools/call' && m.params?.['name'] === 'search_catalog')?.params?.['arguments'] as { region: string };
  assert.is(search?.kind === 'http_request' ? search.headers['mcp-param-region'] : undefined, args.region);
  const legacy = await checkHttp({ era: 'legacy' });
  assert.is(legacy.trace.profile, '2025-11-25');
  assert.equal(rules(legacy).filter((r) => r.startsWith('error')), []);
  assert.equal(called(legacy), READ_ONLY);
  assert.equal(clientFindings(modern), []);
  assert.equal(clientFindings(legacy), []);
});

test('Streamable HTTP, both eras: an exercised call past --timeout is one warning of the checker\'s own, never http/timeout, and the run goes on', async () => {
  for (const era of ['modern', 'legacy'] as const) {
    const run = await checkHttp({ era, timeoutMs: 1500 }, true);
    // (In the legacy era createMcpHandler's stateless fallback draws its known warnings: no SSE priming
    // event, and x-mcp-header, a keyword 2025-11-25 does not define; no error.)
    assert.equal(rules(run).filter((r) => r.startsWith('error') || r.includes('timeout')), ['warning lifecycle/exercise-timeout'], era);
    assert.equal(report(run).exercised.find((e) => e.target === 'slow_read')?.answer, 'timeout', era);
    assert.equal(called(run), READ_ONLY, era);
  }
});

test.run();
