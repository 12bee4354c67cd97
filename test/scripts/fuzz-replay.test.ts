// Why: `fuzz` and `replay` are what users run: their exit codes (fuzz: 1 found, 0 nothing, 2 could
// not run; replay: 1 reproduced, 0 not, 2 could not run), the lines that say what happened, the
// owner-only trace that `validate` judges the same way, and a replay that runs only the target
// named on its command line, never one a trace names.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCommandLine } from '../../scripts/cli/parse-args.ts';
import { UsageError } from '../../scripts/cli/usage-error.ts';
import { parseFuzzArgs } from '../../scripts/commands/fuzz.ts';
import { findCommand } from '../../scripts/commands/index.ts';
import { traceText } from '../../trace/trace-file.ts';
import type { Trace } from '../../trace/trace-schema.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-fuzz-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const ENV = { PATH: process.env['PATH'] ?? '' };

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 120_000, env: ENV });
}
const peer = (name: string) => ['--stdio', '--', process.execPath, join(PEERS, `${name}.mjs`)];

test('fuzz of a server that answers an older published revision could not run: exit 2, cli/version-not-judged, as check says', () => {
  const r = cli(['fuzz', '--runs', '2', '--seed', '3', ...peer('older-revision')]);
  assert.is(r.status, 2, r.stdout + r.stderr);
  assert.is(r.stderr, 'mcp-statechart: could not run the fuzz: the server answered initialize with MCP 2024-11-05, a revision mcp-statechart does not judge (it judges 2025-06-18 and 2025-11-25 sessions) [cli/version-not-judged]\n');
  const unreachable = cli(['fuzz', '--runs', '1', '--stdio', '--', join(dir, 'no-such-server')]);
  assert.is(unreachable.status, 2);
  assert.match(unreachable.stderr, /\[cli\/server-unavailable\]\n$/, 'a server that cannot start is still unavailable');
});

test('fuzz finds and shrinks (exit 1), writes an owner-only trace validate judges alike; replay reproduces it (exit 1) or not (exit 0)', () => {
  const out = join(dir, 'swap.json');
  const r = cli(['fuzz', '--seed', '7', '--timeout', '2', '--output', out, ...peer('swap-after-cancel')]);
  assert.is(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^fuzz: found in run \d+ of 50 \(seed 7\); shrunk in \d+ steps? to 3 actions: echo, echo, cancel oldest\n/);
  assert.match(r.stdout, /\[probe\/answer-of-another-request\]/);
  assert.is(statSync(out).mode & 0o777, 0o600);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as Trace;
  assert.is(trace.mode, 'fuzz');
  const run = Number(/found in run (\d+) of/.exec(r.stdout)?.[1]);
  assert.equal(trace.sequence, { seed: 7, actions: [{ kind: 'echo' }, { kind: 'echo' }, { kind: 'cancel', args: { which: 'oldest' } }], run }, 'the run it was found in is recorded');
  const v = cli(['validate', '--json', out]);
  assert.is(v.status, 1, v.stderr);
  assert.is((JSON.parse(v.stdout) as { signature: string }).signature, trace.signature);
  const again = cli(['replay', out, '--runs', '3', ...peer('swap-after-cancel')]);
  assert.is(again.status, 1, again.stderr);
  assert.is(again.stdout, `reproduced ${trace.signature} in 3/3 runs\n`);
  const fixed = cli(['replay', out, '--runs', '2', ...peer('correct')]);
  assert.is(fixed.status, 0, fixed.stderr);
  assert.is(fixed.stdout, `did not reproduce ${trace.signature} in 0/2 runs\n`);
});

test('fuzz of a correct server: exit 0, the last run\'s sequence named; --quiet prints the summary alone', () => {
  const r = cli(['fuzz', '--seed', '3', '--runs', '5', '--timeout', '2', ...peer('correct')]);
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^fuzz: nothing found in 5 runs \(seed 3\); the last run's sequence: .*\npass: 0 errors, 0 warnings; /);
  const q = cli(['fuzz', '--quiet', '--seed', '3', '--runs', '2', '--timeout', '2', ...peer('correct')]);
  assert.match(q.stdout, /^pass: [^\n]*\n$/);
});

test('known findings do not end the search: --ignore-rule and --expected-failures go on (not stale when a run met them); --without; --max-time says what was done', () => {
  const swap = peer('swap-after-cancel');
  const ignored = cli(['fuzz', '--seed', '7', '--runs', '15', '--timeout', '2', '--ignore-rule', 'probe/answer-of-another-request', ...swap]);
  assert.is(ignored.status, 0, ignored.stdout + ignored.stderr);
  assert.match(ignored.stdout, /^fuzz: nothing found in 15 runs \(seed 7\)/);
  const entries = join(dir, 'known.json');
  writeFileSync(entries, JSON.stringify([{ rule: 'probe/answer-of-another-request', reason: 'a known swap' }]));
  const expected = cli(['fuzz', '--seed', '7', '--runs', '15', '--timeout', '2', '--expected-failures', entries, ...swap]);
  assert.is(expected.status, 0, expected.stdout + expected.stderr);
  assert.match(expected.stdout, /nothing found in 15 runs[^]*0 stale expected failures/);
  const without = cli(['fuzz', '--seed', '7', '--runs', '15', '--timeout', '2', '--without', 'cancel', ...swap]);
  assert.is(without.status, 0, 'the swap needs a cancellation: without it, nothing is found');
  assert.not.match(without.stdout, /cancel (oldest|latest)/);
  const bounded = cli(['fuzz', '--seed', '7', '--runs', '5000', '--timeout', '2', '--max-time', '2', ...peer('correct')]);
  assert.is(bounded.status, 0, bounded.stderr);
  assert.match(bounded.stdout, /^fuzz: nothing found in \d+ runs? \(seed 7\); .*: --max-time ran out after \d+ runs? of 5000\n/);
  assert.is(cli(['fuzz', '--without', 'nope', ...swap]).status, 2);
  assert.is(cli(['fuzz', '--ignore-rule', 'no/such-rule', ...swap]).status, 2);
  assert.is(cli(['fuzz', '--max-time', '0', ...swap]).status, 2);
});

test('replay refuses a trace that names what to run (exit 2, the rule and pointer), and runs nothing', () => {
  const found = cli(['fuzz', '--seed', '7', '--runs', '50', '--timeout', '2', '--output', join(dir, 'base.json'), ...peer('swap-after-cancel')]);
  assert.is(found.status, 1);
  const trace = JSON.parse(readFileSync(join(dir, 'base.json'), 'utf8')) as Trace;
  const marker = join(dir, 'ran');
  const hostile = { ...trace, target: { transport: 'stdio', command: [process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } as Trace;
  writeFileSync(join(dir, 'hostile.json'), traceText(hostile));
  const r = cli(['replay', join(dir, 'hostile.json'), '--runs', '1', ...peer('correct')]);
  assert.is(r.status, 2);
  assert.match(r.stderr, /the trace names a command to run against.*\(at \/target\/command\) \[fixture\/trace-not-replayable\]/);
  assert.not.ok(r.stderr.includes(dir), 'no path beyond what was typed');
  assert.throws(() => statSync(marker));
  const check = cli(['check', '--output', join(dir, 'check.json'), ...peer('correct')]);
  assert.is(check.status, 0);
  const noSequence = cli(['replay', join(dir, 'check.json'), ...peer('correct')]);
  assert.is(noSequence.status, 2);
  assert.match(noSequence.stderr, /holds no action sequence.*\[fixture\/trace-not-replayable\]/);
});

test('a server that cannot be started: exit 2 for fuzz and replay', () => {
  const r = cli(['fuzz', '--seed', '1', '--runs', '3', '--stdio', '--', join(dir, 'no-such-server')]);
  assert.is(r.status, 2);
  assert.match(r.stderr, /could not run the fuzz: the server could not be started: ENOENT \[cli\/server-unavailable\]/);
});

test('bad fuzz arguments are refused before anything runs', () => {
  const argsOf = (argv: string[]) => {
    const parsed = parseCommandLine(findCommand('fuzz')!, argv);
    if (parsed.help) throw new Error('help');
    return parsed.args;
  };
  const cases: [string[], RegExp][] = [
    [['--url', 'http://127.0.0.1:9/mcp'], /--url needs --reuse-server/],
    [['--reuse-server', '--era', 'legacy', ...peer('correct')], /--reuse-server over stdio needs the stateless era/],
    [['--reuse-server', '--protocol-version', '2025-11-25', ...peer('correct')], /--reuse-server over stdio needs the stateless era/],
    [['--seed', '1.5', ...peer('correct')], /--seed takes a whole number from 0 to 2147483647/],
    [['--seed', '2147483648', ...peer('correct')], /--seed takes a whole number/],
    [['--runs', '0', ...peer('correct')], /--runs takes a whole number from 1/],
    [['--max-steps', 'x', ...peer('correct')], /--max-steps takes a whole number/],
    [[], /say what to fuzz/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseFuzzArgs(argsOf(args), ENV), (error: unknown) => error instanceof UsageError && message.test(error.message), args.join(' '));
  }
  const shared = parseFuzzArgs(argsOf(['--reuse-server', '--era', 'modern', ...peer('correct')]), ENV);
  assert.is(shared.fuzz.reuseProcess, true, '--reuse-server over stdio in 2026-07-28: the runs share a process');
  assert.is(parseFuzzArgs(argsOf(peer('correct')), ENV).fuzz.reuseProcess, undefined, 'without it each run starts the server afresh');
  const drawn = parseFuzzArgs(argsOf(peer('correct')), ENV, () => 0.5);
  assert.is(drawn.fuzz.seed, Math.floor(0.5 * (2 ** 31 - 1)), 'a missing seed is drawn, and recorded');
  assert.is(drawn.fuzz.recorded['seed'], drawn.fuzz.seed);
  assert.is(drawn.fuzz.runs, 50);
});

test.run();
