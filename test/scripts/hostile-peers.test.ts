// Why: what a hostile server sends must not reach the user's terminal as something the terminal
// acts on, must not leak a secret the user put on the server's command line, and must not choose
// how long a replay runs; an interrupted check must still leave its trace. Each is shown through
// the built CLI in its own process, as a user runs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-hostile-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const ENV = { PATH: process.env['PATH'] ?? '' };

/** What a terminal would act on: ESC, other C0 controls but newline, C1 controls, bidirectional overrides, line separators. */
const ACTIVE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, env: ENV, timeout: 30_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('the could-not-run line shows a server\'s escape sequences, carriage returns and bidirectional overrides as text, on stderr as on stdout', () => {
  const run = cli(['check', '--timeout', '5', '--stdio', '--', process.execPath, join(PEERS, 'terminal-escapes.mjs')]);
  assert.is(run.status, 2, run.stderr);
  assert.match(run.stderr, /could not run the check: the server refused initialize: refused\\u001B\[2J/);
  assert.match(run.stderr, /\\u202Egnp\.exe\\u2028next\\u009B31m/);
  assert.not.ok(ACTIVE.test(run.stderr), JSON.stringify(run.stderr));
  assert.not.ok(ACTIVE.test(run.stdout), JSON.stringify(run.stdout));
});


/** A fuzz trace of a correct server (with its sequence), its actions replaced by `actions`. */
function traceWithActions(name: string, actions: unknown[]): string {
  const out = join(dir, `${name}-fuzz.json`);
  const fuzz = cli(['fuzz', '--runs', '1', '--max-steps', '2', '--seed', '7', '--timeout', '5', '--output', out, '--stdio', '--', process.execPath, join(PEERS, 'correct.mjs')]);
  assert.ok(existsSync(out), fuzz.stderr);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as { sequence: { actions: unknown[] } };
  trace.sequence.actions = actions;
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(trace));
  return path;
}

test('replay refuses a trace with more actions than fuzz ever writes, naming the limit, and --max-time ends a long replay', () => {
  const long = traceWithActions('long', Array.from({ length: 1001 }, () => ({ kind: 'ping' })));
  const refused = cli(['replay', long, '--runs', '1', '--stdio', '--', process.execPath, join(PEERS, 'correct.mjs')]);
  assert.is(refused.status, 2, refused.stderr);
  assert.match(refused.stderr, /1,001 actions, more than the 1,000 a replay plays .*\[fixture\/trace-invalid\]/);
  const slow = traceWithActions('slow', Array.from({ length: 1000 }, () => ({ kind: 'list', args: { method: 'tools/list' } })));
  const started = Date.now();
  const bounded = cli(['replay', slow, '--runs', '3', '--timeout', '1', '--max-time', '2', '--stdio', '--', process.execPath, join(PEERS, 'answers-only-handshake.mjs')]);
  const took = (Date.now() - started) / 1000;
  assert.ok(took < 15, `took ${took} s`);
  assert.match(bounded.stderr, /--max-time \(2 s\) ended the replays after 1 of 3 runs/);
  assert.match(bounded.stdout, /in \d\/1 runs/);
});


/** Starts check against a server that never answers, interrupts it with `signal` after a second, and waits for its exit. */
function interruptedCheck(signal: NodeJS.Signals, name: string): Promise<{ code: number | null; seconds: number; trace: string; junit: string }> {
  const trace = join(dir, `${name}.json`);
  const junit = join(dir, `${name}.xml`);
  const child = spawn(process.execPath, [CLI, 'check', '--timeout', '60', '--output', trace, '--junit', junit, '--stdio', '--', process.execPath, join(PEERS, 'hang.mjs')], { cwd: dir, env: ENV, stdio: 'ignore' });
  const started = Date.now();
  const timer = setTimeout(() => child.kill(signal), 1000);
  return new Promise((done) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, seconds: (Date.now() - started) / 1000, trace, junit });
    });
  });
}

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  test(`${signal} during check writes what was recorded (the trace and the reports) and exits ${code}`, async () => {
    const run = await interruptedCheck(signal, signal.toLowerCase());
    assert.is(run.code, code);
    assert.ok(run.seconds < 10, `took ${run.seconds} s`);
    const trace = JSON.parse(readFileSync(run.trace, 'utf8')) as { status: string; error: string; events: { kind: string }[] };
    assert.is(trace.status, 'error');
    assert.match(trace.error, new RegExp(`interrupted \\(${signal}\\)`));
    assert.ok(trace.events.some((e) => e.kind === 'message'), 'the initialize that was sent is in the trace');
    assert.ok(existsSync(run.junit), 'the JUnit report was written');
  });
}


test('SIGINT during fuzz writes the trace of the run in progress and exits 130', async () => {
  const trace = join(dir, 'fuzz-sigint.json');
  const child = spawn(process.execPath, [CLI, 'fuzz', '--runs', '5', '--timeout', '60', '--output', trace, '--stdio', '--', process.execPath, join(PEERS, 'answers-only-handshake.mjs')], { cwd: dir, env: ENV, stdio: 'ignore' });
  const timer = setTimeout(() => child.kill('SIGINT'), 1500);
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  clearTimeout(timer);
  assert.is(code, 130);
  const written = JSON.parse(readFileSync(trace, 'utf8')) as { status: string; error: string; mode: string };
  assert.is(written.status, 'error');
  assert.is(written.mode, 'fuzz');
  assert.match(written.error, /interrupted \(SIGINT\)/);
});

test.run();
