// Why: what users run: `fuzz` asked for no era fuzzes a 2026-07-28-only server in its own era (as
// check chooses it) and says why in the trace, which validate re-judges alike; `replay` plays that
// trace in the same era; the era options are refused where they cannot hold; and `replay`, interrupted, writes what it recorded (the
// run in progress, status error, and with --json the runs so far) before it exits 130 or 143.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCommandLine } from '../../scripts/cli/parse-args.ts';
import { UsageError } from '../../scripts/cli/usage-error.ts';
import { parseFuzzArgs } from '../../scripts/commands/fuzz.ts';
import { findCommand } from '../../scripts/commands/index.ts';
import type { Trace } from '../../trace/trace-schema.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-modern-fuzz-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const ENV = { PATH: process.env['PATH'] ?? '' };

const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 180_000, env: ENV });
const peer = (name: string) => ['--stdio', '--', process.execPath, join(PEERS, `${name}.mjs`)];

test('fuzz with no era named: a 2026-07-28-only server is fuzzed in its era, found and shrunk (exit 1); replay plays the trace in that era, 10/10', () => {
  const out = join(dir, 'modern.json');
  const r = cli(['fuzz', '--seed', '7', '--timeout', '2', '--output', out, ...peer('modern-private-after-input')]);
  assert.is(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^fuzz: found in run \d+ of 50 \(seed 7\); shrunk in \d+ steps? to 3 actions: echo, prompt, list tools\/list\n/);
  assert.match(r.stdout, /\[stateless\/cache-scope-changed\]/);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as Trace;
  assert.is(trace.sequence?.era, 'modern');
  assert.is(trace.options['protocol_version'], '2026-07-28');
  const era = trace.options['era'] as { asked: string; used: string; why: string };
  assert.is(era.asked, 'auto');
  assert.is(era.used, 'modern');
  assert.match(era.why, /server\/discover .* was answered with a DiscoverResult/);
  const v = cli(['validate', '--json', out]);
  assert.is(v.status, 1, v.stderr);
  assert.is((JSON.parse(v.stdout) as { signature: string }).signature, trace.signature, 'validate re-judges the trace alike');
  const again = cli(['replay', out, ...peer('modern-private-after-input')]);
  assert.is(again.status, 1, again.stderr);
  assert.is(again.stdout, `reproduced ${trace.signature} in 10/10 runs\n`);
  const fixed = cli(['replay', out, '--runs', '2', ...peer('modern-prompt-asks')]);
  assert.is(fixed.status, 0, fixed.stderr);
  assert.is(fixed.stdout, `did not reproduce ${trace.signature} in 0/2 runs\n`);
});

test('fuzz --era and --protocol-version: one era per search; both is check\'s alone; a stateless version goes with the modern era only', () => {
  const argsOf = (args: string[]) => {
    const command = findCommand('fuzz');
    if (command === undefined) throw new Error('no fuzz command');
    const parsed = parseCommandLine(command, args);
    if (parsed.help) throw new Error('help');
    return parsed.args;
  };
  const target = peer('modern-correct');
  const cases: [string[], RegExp][] = [
    [['--era', 'both', ...target], /--era both applies to check only/],
    [['--protocol-version', '2026-07-28', '--era', 'legacy', ...target], /--era legacy does not go with --protocol-version 2026-07-28/],
    [['--protocol-version', '2024-11-05', ...target], /--protocol-version is one of 2026-07-28, 2025-11-25, 2025-06-18/],
    [['--era', 'modern', '--without', 'echo,list,discover,read,prompt,retry,stale-cursor,forged-cursor,settle,unknown-method,invalid-params,listen,drop-listen,cancel', ...target], /--without leaves no action kind to draw/],
    [['--without', 'nothing', ...target], /--without takes action kinds/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseFuzzArgs(argsOf(args), ENV), (error: unknown) => error instanceof UsageError && message.test(error.message), args.join(' '));
  }
  assert.is(parseFuzzArgs(argsOf(target), ENV).era, 'auto');
  const modern = parseFuzzArgs(argsOf(['--protocol-version', '2026-07-28', ...target]), ENV);
  assert.is(modern.era, 'modern');
  assert.is(modern.fuzz.recorded['protocol_version'], '2026-07-28');
  assert.is(parseFuzzArgs(argsOf(['--protocol-version', '2025-06-18', ...target]), ENV).era, 'legacy');
  // A legacy-only kind left out still leaves the modern era its kinds, and the reverse.
  assert.is(parseFuzzArgs(argsOf(['--era', 'modern', '--without', 'ping,early', ...target]), ENV).era, 'modern');
});

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  test(`${signal} during replay writes the trace of the run in progress and the runs so far (--json), and exits ${code}`, async () => {
    const saved = join(dir, `saved-${signal}.json`);
    const fuzzed = cli(['fuzz', '--runs', '1', '--max-steps', '3', '--seed', '7', '--timeout', '5', '--protocol-version', '2025-11-25', '--output', saved, ...peer('correct')]);
    assert.is(fuzzed.status, 0, fuzzed.stderr);
    const out = join(dir, `replay-${signal}.json`);
    const child = spawn(process.execPath, [CLI, 'replay', saved, '--runs', '5', '--timeout', '60', '--json', '--output', out, ...peer('answers-only-handshake')], { cwd: dir, env: ENV, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const started = Date.now();
    const timer = setTimeout(() => child.kill(signal), 1500);
    const exit = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
    clearTimeout(timer);
    assert.is(exit, code);
    assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms`);
    const written = JSON.parse(readFileSync(out, 'utf8')) as Trace;
    assert.is(written.status, 'error');
    assert.is(written.mode, 'replay');
    assert.match(written.error ?? '', new RegExp(`the replay was interrupted \\(${signal}\\)`));
    assert.ok(written.events.some((e) => e.kind === 'message'), 'the initialize that was sent is in the trace');
    const document = JSON.parse(stdout) as { status: string; replay: { runs: number; reproduced: number; requested: number } };
    assert.equal(document.replay.requested, 5);
    assert.equal(document.replay.reproduced, 0);
    assert.ok(document.replay.runs < 5, `the runs ended before the signal: ${document.replay.runs}`);
  });
}

test.run();
