// Why: --jobs and --shard are what a user types to spread a search over cores and over a CI
// matrix, and report --merge is the step that joins the shards: bad values are refused before
// anything runs, and the shards' traces merged give the verdict, signature and sequence an
// unsharded search of the same seed gives, with the exit code of that verdict.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-shards-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const ENV = { PATH: process.env['PATH'] ?? '' };

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 120_000, env: ENV });
}
const peer = (name: string) => ['--stdio', '--', process.execPath, join(PEERS, `${name}.mjs`)];
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Trace;

test('bad --jobs and --shard values are refused before anything runs', () => {
  const argsOf = (argv: string[]) => {
    const parsed = parseCommandLine(findCommand('fuzz')!, argv);
    if (parsed.help) throw new Error('help');
    return parsed.args;
  };
  const cases: [string[], RegExp][] = [
    [['--jobs', '0', ...peer('correct')], /--jobs takes a whole number from 1 to 64/],
    [['--jobs', '65', ...peer('correct')], /--jobs takes a whole number from 1 to 64/],
    [['--shard', '3/2', ...peer('correct')], /--shard: the shard's number is from 1 to 2, got 3/],
    [['--shard', '2', ...peer('correct')], /--shard takes I\/N/],
    [['--shard', '1/0', ...peer('correct')], /the number of shards is from 1 to 1000/],
    [['--shard', '1/9', '--runs', '8', ...peer('correct')], /more shards than runs \(8\)/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseFuzzArgs(argsOf(args), ENV), (error: unknown) => error instanceof UsageError && message.test(error.message), args.join(' '));
  }
  const ok = parseFuzzArgs(argsOf(['--jobs', '2', '--shard', '2/3', ...peer('correct')]), ENV);
  assert.equal(ok.fuzz.plan, { jobs: 2, shard: { index: 2, count: 3 } });
  assert.is(ok.fuzz.recorded['shard'], '2/3', 'the shard is recorded');
  assert.not.ok('jobs' in ok.fuzz.recorded, 'the number of jobs is not: the trace is the same for any');
});

test('two shards (fuzz --shard, --jobs 2), report --merge: the unsharded search\'s verdict, sequence and signature; exit 1', () => {
  const args = ['fuzz', '--seed', '7', '--runs', '6', '--timeout', '2'];
  const whole = cli([...args, '--jobs', '2', '--output', join(dir, 'whole.json'), ...peer('paged-tools-lose-schema')]);
  assert.is(whole.status, 1, whole.stdout + whole.stderr);
  for (const shard of ['1/2', '2/2']) {
    const r = cli([...args, '--jobs', '2', '--shard', shard, '--quiet', '--output', join(dir, `shard-${shard[0]}.json`), ...peer('paged-tools-lose-schema')]);
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
  }
  const shards = [join(dir, 'shard-2.json'), join(dir, 'shard-1.json')];
  const merged = cli(['report', '--merge', ...shards, '--output', join(dir, 'merged.json'), '--junit', join(dir, 'merged.xml')]);
  assert.is(merged.status, 1, merged.stdout + merged.stderr);
  const expected = read(join(dir, 'whole.json'));
  assert.match(merged.stdout, new RegExp(`^merged 2 shards of seed 7 \\(6 runs\\): the first failure is run ${expected.sequence?.run}, in trace \\d\\n`));
  const chosen = read(join(dir, 'merged.json'));
  assert.is(chosen.signature, expected.signature);
  assert.equal(chosen.sequence, expected.sequence);
  assert.is(statSync(join(dir, 'merged.json')).mode & 0o777, 0o600);
  assert.match(readFileSync(join(dir, 'merged.xml'), 'utf8'), /tools\/descriptor/);
  const json = cli(['report', '--merge', ...shards, '--json']);
  assert.is((JSON.parse(json.stdout) as { signature: string }).signature, expected.signature, '--json prints the one envelope, of the search');
});

test('report --merge refuses an incomplete set (exit 2, the rule and pointer) and several traces without --merge', () => {
  const missing = cli(['report', '--merge', join(dir, 'shard-1.json')]);
  assert.is(missing.status, 2);
  assert.is(missing.stderr, 'mcp-statechart: report --merge: trace 1 of 1: shard 2/2 missing: every shard of the search is needed (at /options/shard) [fixture/shards-mismatch]\n');
  const unsharded = cli(['report', '--merge', join(dir, 'whole.json'), join(dir, 'shard-1.json')]);
  assert.is(unsharded.status, 2);
  assert.match(unsharded.stderr, /trace 1 of 2: the trace was not written by fuzz --shard I\/N \(at \/options\/shard\) \[fixture\/shards-mismatch\]/);
  const two = cli(['report', join(dir, 'shard-1.json'), join(dir, 'shard-2.json')]);
  assert.is(two.status, 2);
  assert.match(two.stderr, /^mcp-statechart: one trace at a time; .* --merge\n/);
  const output = cli(['report', join(dir, 'shard-1.json'), '--output', join(dir, 'x.json')]);
  assert.is(output.status, 2);
  assert.match(output.stderr, /--output applies to --merge/);
});

test('docs/fuzz-ci.md: the workflow\'s command lines are ones the CLI takes, every shard of the matrix merged', () => {
  const page = readFileSync(join(ROOT, 'docs/fuzz-ci.md'), 'utf8');
  const lines = [...page.matchAll(/arguments: >-\n((?: {12}.*\n)+)/g)].map((m) => JSON.parse((m[1] as string).replace(/\n/g, ' ')) as string[]);
  assert.is(lines.length, 2);
  const [fuzzLine, mergeLine] = lines as [string[], string[]];
  const shards = Number(/shard: \[([0-9, ]+)\]/.exec(page)?.[1]?.split(',').length);
  for (let shard = 1; shard <= shards; shard++) {
    const argv = fuzzLine.slice(1).map((a) => a.replaceAll('${{ matrix.shard }}', String(shard)));
    const parsed = parseCommandLine(findCommand('fuzz')!, argv);
    if (parsed.help) throw new Error('help');
    const fuzz = parseFuzzArgs(parsed.args, ENV);
    assert.equal(fuzz.fuzz.plan?.shard, { index: shard, count: shards });
    assert.ok(mergeLine.includes(fuzz.output ?? ''), `shard ${shard}'s trace is merged`);
  }
  const merge = parseCommandLine(findCommand('report')!, mergeLine.slice(1));
  if (merge.help) throw new Error('help');
  assert.ok(merge.args.flag('merge'));
  assert.is(merge.args.positionals.length, shards);
});

test.run();
