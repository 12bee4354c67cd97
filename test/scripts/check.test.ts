// Why: `check` is what users run: its exit codes (0 clean, 1 findings, 2 could not run) and the
// messages that say why, the trace file it writes (owner-only, re-validated by `validate`), and
// that no secret from the environment reaches any file, stdout or stderr.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCommandLine } from '../../scripts/cli/parse-args.ts';
import { UsageError } from '../../scripts/cli/usage-error.ts';
import { parseCheckArgs } from '../../scripts/commands/check.ts';
import { findCommand } from '../../scripts/commands/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-check-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'tok-7f3a9c2e51d84b06';
const ENV = { PATH: process.env['PATH'] ?? '', MY_API_TOKEN: SECRET, DB_PASSWORD: 'hunter2-hunter2' };

function check(args: string[], env: NodeJS.ProcessEnv = ENV) {
  return spawnSync(process.execPath, [CLI, 'check', ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000, env });
}
function argsOf(argv: string[]) {
  const parsed = parseCommandLine(findCommand('check')!, argv);
  if (parsed.help) throw new Error('help');
  return parsed.args;
}
const peer = (name: string) => ['--stdio', '--', process.execPath, join(PEERS, `${name}.mjs`)];

test('exit 0 for a clean server, with a summary line; the trace is owner-only and re-validates with validate', () => {
  const out = join(dir, 'clean.json');
  const r = check(['--output', out, '--scope', 'full', ...peer('correct')]);
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /^exercise safe \(seed 1\): 0 resource\(s\) read, 0 template\(s\) expanded and read, 0 prompt\(s\) got, 0 tool\(s\) called\n  not exercised: tool "echo": not annotated readOnlyHint: true \(include it with --exercise all\)\npass: 0 errors, 0 warnings; \d+ events, \d+ messages \(2025-11-25, MCP 2025-11-25\); mcp-statechart:v1:[0-9a-f]{64}\n$/);
  assert.is(statSync(out).mode & 0o777, 0o600);
  assert.is(statSync(join(dir, 'clean.timings.json')).mode & 0o777, 0o600);
  const v = spawnSync(process.execPath, [CLI, 'validate', out, '--json'], { encoding: 'utf8', cwd: ROOT });
  assert.is(v.status, 0, v.stderr);
  const report = JSON.parse(v.stdout) as { status: string; findings: unknown[]; signature: string };
  assert.is(report.status, 'pass');
  assert.equal(report.findings, []);
  assert.is(report.signature, (JSON.parse(readFileSync(out, 'utf8')) as { signature: string }).signature);
});

test('a server answering an older published revision (2024-11-05) could not be checked: exit 2, cli/version-not-judged, no finding blamed on it; validate of its trace and of the same traffic as a transcript say the same', () => {
  const out = join(dir, 'older.json');
  // The legacy era alone (no era probe first), so that the trace's messages are the transcript below.
  const r = check(['--era', 'legacy', '--output', out, ...peer('older-revision')]);
  assert.is(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stdout, /^error \(the run could not complete: the server answered initialize with MCP 2024-11-05, a revision mcp-statechart does not judge \(it judges 2025-06-18 and 2025-11-25 sessions\)\): 0 errors, 0 warnings; /);
  assert.is(r.stderr, 'mcp-statechart: could not run the check: the server answered initialize with MCP 2024-11-05, a revision mcp-statechart does not judge (it judges 2025-06-18 and 2025-11-25 sessions) [cli/version-not-judged]\n');
  const trace = JSON.parse(readFileSync(out, 'utf8')) as { status: string; findings: unknown[]; events: { kind: string; direction?: string; message?: { method?: string } }[] };
  assert.is(trace.status, 'error');
  assert.equal(trace.findings, []);
  assert.not.ok(trace.events.some((e) => e.message?.method === 'notifications/initialized'), 'the client disconnects rather than go on in a version it does not support');
  const v = spawnSync(process.execPath, [CLI, 'validate', out, '--json'], { encoding: 'utf8', cwd: ROOT });
  assert.is(v.status, 2, v.stdout);
  assert.equal(JSON.parse(v.stdout).error, {
    rule: 'cli/version-not-judged',
    message: 'the traced session negotiated MCP 2024-11-05, a revision mcp-statechart does not judge (it judges 2025-06-18 and 2025-11-25 sessions)',
    pointer: '/events/1/message/result/protocolVersion',
  });
  const transcript = trace.events.filter((e) => e.kind === 'message').map((e) => JSON.stringify({ direction: e.direction, message: e.message })).join('\n') + '\n';
  const t = spawnSync(process.execPath, [CLI, 'validate', '-'], { encoding: 'utf8', cwd: ROOT, input: transcript });
  assert.is(t.status, 2, t.stdout);
  assert.match(t.stderr, /^mcp-statechart: line 2: the server answered initialize with MCP 2024-11-05, .* \[cli\/version-not-judged\]\n$/);
  // A header that names the profile judges the same traffic under it: the answer is then that profile's finding.
  const forced = spawnSync(process.execPath, [CLI, 'validate', '-', '--profile', '2025-11-25'], { encoding: 'utf8', cwd: ROOT, input: transcript });
  assert.is(forced.status, 1, forced.stderr);
  assert.match(forced.stdout, /\[lifecycle\/protocol-version-mismatch\]/);
});

test('a tool that requires a task is called as one and polled; one not done within --timeout is cancelled, and stderr says so', () => {
  const out = join(dir, 'task.json');
  const r = check(['--timeout', '1', '--call', 'long-job', '--output', out, ...peer('endless-task')]);
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.is(r.stderr, 'mcp-statechart: --call long-job was sent, but its task (job-1) did not finish within the time limit (1 s)\n');
  const trace = JSON.parse(readFileSync(out, 'utf8')) as { findings: unknown[]; events: { kind: string; message?: { method?: string; params?: { task?: unknown } } }[] };
  assert.equal(trace.findings, []);
  const sent = trace.events.flatMap((e) => (e.kind === 'message' && e.message?.method !== undefined ? [e.message.method] : []));
  assert.is(sent.filter((m) => m === 'tools/call').length, 1);
  assert.ok(sent.filter((m) => m === 'tasks/get').length >= 2, sent.join(', '));
  assert.is(sent.at(-1), 'tasks/cancel', 'cancelled when its time was up, and not asked for its result');
  assert.equal(trace.events.find((e) => e.message?.method === 'tools/call')?.message?.params?.task, { ttl: 60_000 });
});

test('exit 1 for findings; --json prints the report with status, findings placed on events, and the signature', () => {
  const out = join(dir, 'dup.json');
  const r = check(['--json', '--output', out, ...peer('result-and-error')]);
  assert.is(r.status, 1, r.stderr);
  const report = JSON.parse(r.stdout) as { status: string; findings: { rule: string; severity: string; event: number; pointer: string }[]; signature: string };
  assert.is(report.status, 'fail');
  assert.equal(report.findings.map((f) => [f.rule, f.severity]), [['envelope/result-and-error', 'error']]);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as { events: { kind: string }[]; signature: string };
  assert.is(trace.events[report.findings[0]!.event]!.kind, 'message');
  assert.is(report.signature, trace.signature);
  const v = spawnSync(process.execPath, [CLI, 'validate', out], { encoding: 'utf8', cwd: ROOT });
  assert.is(v.status, 1);
  assert.match(v.stdout, /^event \d+: error: .* \[envelope\/result-and-error\]$/m);
});

test('bad arguments are refused before anything runs, each with a message that names the option', () => {
  const cases: [string[], RegExp][] = [
    [['--timeout', '0', ...peer('correct')], /--timeout takes a number of seconds/],
    [['--protocol-version', '2024-11-05', ...peer('correct')], /--protocol-version is one of 2026-07-28, 2025-11-25, 2025-06-18/],
    [['--era', 'newest', ...peer('correct')], /--era is auto, modern, legacy or both, got "newest"/],
    [['--era', 'modern', '--protocol-version', '2025-11-25', ...peer('correct')], /--era modern does not go with --protocol-version 2025-11-25, which speaks the legacy era only/],
    [['--era', 'both', '--protocol-version', '2026-07-28', ...peer('correct')], /--era both does not go with --protocol-version 2026-07-28, which speaks the modern era only/],
    [['--root', 'https://example.test/', ...peer('correct')], /--root must be a file:\/\/ URI/],
    [['--args', '{}', ...peer('correct')], /--args must follow the --call/],
    [['--call', 'echo', '--args', '{"text": 1,}', ...peer('correct')], /--args is not strict JSON.*json\/trailing-comma/],
    [['--call', 'echo', '--args', '[]', ...peer('correct')], /--args must be a JSON object/],
    [['--sampling-result', '{"role": "assistant"}', ...peer('correct')], /--sampling-result is not a valid sampling\/createMessage result: .*\[sampling\/result at \/content\]/],
    [['--elicitation-result', '{"action": "maybe"}', ...peer('correct')], /--elicitation-result is not a valid elicitation\/create result/],
    [['--stdio'], /--stdio needs the server's command after --/],
    [[], /say what to check/],
    [['--url', 'ftp://example.test/'], /--url must be an http:\/\/ or https:\/\/ URL/],
    [['--url', 'http://127.0.0.1:9/', ...peer('correct')], /either --stdio -- CMD \[ARGS...\] or --url URL, not both/],
    [['--header-env', 'Authorization=MY_API_TOKEN', ...peer('correct')], /--header-env applies to --url only/],
    [['--header-env', 'Authorization=NOT_SET', '--url', 'http://127.0.0.1:9/'], /the environment variable NOT_SET is not set/],
    [['--header-env', 'Bad Header=MY_API_TOKEN', '--url', 'http://127.0.0.1:9/'], /--header-env takes HEADER=ENVIRONMENT_VARIABLE/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseCheckArgs(argsOf(args), ENV), (error: unknown) => error instanceof UsageError && message.test(error.message), args.join(' '));
  }
  const parsed = parseCheckArgs(argsOf(['--call', 'a', '--call', 'b', '--args', '{"x": 1}', '--root', 'file:///srv', '--timeout', '1.5', ...peer('correct')]), ENV);
  assert.equal(parsed.check.calls, [{ name: 'a', args: {} }, { name: 'b', args: { x: 1 } }]);
  assert.is(parsed.check.timeoutMs, 1500);
  assert.equal(parsed.check.answers.roots, ['file:///srv']);
});

test('exit 2, naming why: bad arguments, a server that cannot be started, one that exits before initialize', () => {
  const cases: [string[], RegExp][] = [
    [['--scope', 'deep', ...peer('correct')], /--scope is quick or full, got "deep"/],
    [['--stdio', '--', '/nonexistent/mcp-server'], /could not run the check: the server could not be started: ENOENT/],
    [['--stdio', '--', process.execPath, '-e', 'process.exit(4)'], /could not run the check: the server ended the connection before answering initialize/],
    [['--era', 'legacy', '--stdio', '--', process.execPath, '-e', 'process.exit(4)'], /could not run the check: the server ended the connection before answering initialize/],
  ];
  for (const [args, message] of cases) {
    const r = check(args);
    assert.is(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
  }
});

test('a server that ends before it answers initialize: text and --json show how it ended and the last lines of its stderr, redacted before they are cut, control characters escaped', () => {
  const missing = check(peer('missing-module'));
  assert.is(missing.status, 2, missing.stderr);
  assert.ok(missing.stdout.includes("the server exited with code 1 before it answered initialize; the 7 lines it wrote on its standard error:\n"
    + '  node:internal/modules/cjs/loader:1228\n    throw err;\n    ^\n  \n  Error: Cannot find module \'x\'\n  Require stack:\n  - /srv/server.js\nerror (the run could not complete: '), missing.stdout);
  const json = JSON.parse(check(['--json', ...peer('missing-module')]).stdout) as { server_exit: unknown };
  assert.equal(json.server_exit, { code: 1, signal: null, stderr: ['node:internal/modules/cjs/loader:1228', '  throw err;', '  ^', '', 'Error: Cannot find module \'x\'', 'Require stack:', '- /srv/server.js'], stderr_cut: false });

  const killed = check(['--json', ...peer('killed-at-start')]);
  assert.is(killed.status, 2, killed.stderr);
  assert.equal((JSON.parse(killed.stdout) as { server_exit: unknown }).server_exit, { code: null, signal: 'SIGKILL', stderr: ['starting'], stderr_cut: false });
  assert.match(check(peer('killed-at-start')).stdout, /^the server was ended by signal SIGKILL before it answered initialize; the line it wrote on its standard error:\n  starting\n/m);

  const out = join(dir, 'secret-at-start.json');
  const text = check(['--output', out, ...peer('stderr-secret-at-start')]);
  const secret = check(['--json', ...peer('stderr-secret-at-start')]);
  assert.is(text.status, 2);
  assert.is(secret.status, 2);
  const exit = (JSON.parse(secret.stdout) as { server_exit: { code: number; stderr: string[]; stderr_cut: boolean } }).server_exit;
  assert.is(exit.code, 3);
  assert.is(exit.stderr.length, 20);
  assert.ok(exit.stderr_cut);
  assert.is(exit.stderr.at(-1), '\\u001B[31mfatal\\u001B[0m: cannot use token [REDACTED]');
  assert.ok(Buffer.byteLength(exit.stderr.join('\n')) <= 4096);
  assert.match(text.stdout, /the last 20 lines it wrote on its standard error:\n  line 381 /);
  assert.not.ok(text.stdout.includes('\u001b'), 'no terminal escape reaches the terminal');
  for (const t of [text.stdout, text.stderr, secret.stdout, secret.stderr, readFileSync(out, 'utf8')]) {
    for (let i = 0; i + 4 <= SECRET.length; i++) assert.not.ok(t.includes(SECRET.slice(i, i + 4)), `a part of the secret leaked: ${SECRET.slice(i, i + 4)}`);
  }

  // A server the checker had to stop, or one that completed the handshake, shows no such block.
  const clean = check(['--json', ...peer('correct')]);
  assert.not.ok('server_exit' in (JSON.parse(clean.stdout) as object));
  const midway = check(['--json', ...peer('exits-mid-handshake')]);
  assert.not.ok('server_exit' in (JSON.parse(midway.stdout) as object), midway.stdout);
});

test('a named call that cannot be sent makes the run exit 2 after the trace is written, naming the rule and the place, in text and --json', () => {
  const cases: [args: string[], server: string, pointer: string, reason: RegExp][] = [
    [['--call', 'echo', '--args', '{"text": 5}'], 'correct', '/options/calls/0/args/text', /\(toolschema\/instance-type at \/message\/params\/arguments\/text\)/],
    [['--call', 'echo', '--args', '{"text": "a"}', '--call', 'nope'], 'correct', '/options/calls/1/name', /unknown tool "nope": the server listed no such tool, so the check does not call it/],
    [['--call', 'echo'], 'no-tools', '/options/calls/0/name', /the server declares no tools capability/],
  ];
  for (const [args, server, pointer, reason] of cases) {
    const out = join(dir, `not-sent-${server}.json`);
    rmSync(out, { force: true });
    const r = check([...args, '--output', out, ...peer(server)]);
    assert.is(r.status, 2, args.join(' ') + r.stdout + r.stderr);
    const line = r.stderr.split('\n').filter((l) => l !== '');
    assert.is(line.length, 1, r.stderr);
    assert.ok(line[0]!.startsWith(`mcp-statechart: could not run the check: --call ${args.at(-1) === 'nope' ? 'nope' : 'echo'} was not sent (${pointer}): `), r.stderr);
    assert.match(line[0]!, reason);
    assert.ok(line[0]!.endsWith(' [cli/call-not-sent]'), r.stderr);
    assert.match(r.stdout, new RegExp(`^error \\(the run could not complete: --call \\S+ was not sent \\(${pointer.replaceAll('/', '\\/')}\\): .*\\[cli/call-not-sent\\]\\): 0 errors, 0 warnings; `, 'm'));
    const trace = JSON.parse(readFileSync(out, 'utf8')) as { status: string; error: string; options: { calls: unknown[] }; events: { message?: { method?: string; params?: { name?: string } } }[] };
    assert.is(trace.status, 'error');
    assert.match(trace.error, /\[cli\/call-not-sent\]$/);
    assert.not.ok(trace.events.some((e) => e.message?.method === 'tools/call' && e.message.params?.name !== 'echo' && server === 'correct' && args.includes('nope')), 'the unknown tool was not called');
    assert.is(trace.options.calls.length, args.filter((a) => a === '--call').length);
    const json = check(['--json', ...args, ...peer(server)]);
    assert.is(json.status, 2, json.stderr);
    const report = JSON.parse(json.stdout) as { status: string; error: { rule: string; message: string } };
    assert.is(report.status, 'error');
    assert.equal(report.error, { rule: 'cli/call-not-sent', message: trace.error.replace(/ \[cli\/call-not-sent\]$/, '') });
  }
  // The named call that could be sent was sent; one sent as a task that ran out of time is a note, not a failure (see above).
  const ok = check(['--call', 'echo', '--args', '{"text": "hi"}', ...peer('correct')]);
  assert.is(ok.status, 0, ok.stderr);
  assert.is(ok.stderr, '');
});

test('no secret from the environment reaches the trace, the timings, stdout or stderr, even when the server echoes it', () => {
  const out = join(dir, 'echo.json');
  const args = ['--output', out, '--call', 'echo', '--args', JSON.stringify({ text: `my token is ${SECRET}` }), ...peer('echo-environment')];
  for (const extra of [[], ['--json']]) {
    const r = check([...extra, ...args]);
    assert.is(r.status, 0, r.stderr);
    const files = [readFileSync(out, 'utf8'), readFileSync(join(dir, 'echo.timings.json'), 'utf8')];
    for (const text of [r.stdout, r.stderr, ...files]) {
      assert.not.ok(text.includes(SECRET), 'the token leaked');
      assert.not.ok(text.includes('hunter2-hunter2'), 'the password leaked');
    }
    const trace = files[0]!;
    assert.ok(trace.includes('MY_API_TOKEN=[REDACTED]'), 'the tool description shows the variable, redacted');
    assert.ok(trace.includes('"kind": "stderr"') && trace.includes('DB_PASSWORD=[REDACTED]'), 'the stderr excerpt is kept, redacted');
  }
});

test.run();
