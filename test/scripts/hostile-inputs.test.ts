// Why: whatever bytes arrive, the CLI must end in time with exit 0, 1 or 2, print exactly one JSON
// document under --json, never a stack trace, never a local path it was not given, and keep its
// memory bounded. Each hostile input (support/hostile-inputs.ts) goes through the commands that
// read its kind: transcripts through `validate`, fixtures through `cases` and `coverage`, as a
// child process of the built CLI with a preloaded hook that prints its peak RSS on exit (as
// bench/processes.ts measures it). Fixed seeds in CI; FUZZ_RUNS raises the number of seeds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fuzzRuns } from '../support/fuzz-runs.ts';
import { hostileInputs, type HostileInput } from './support/hostile-inputs.ts';
import { peakRssHook } from '../../bench/peak-rss.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const SEEDS = fuzzRuns(1);

/** The bounds every run must hold; RELIABILITY.md states them. */
export const BOUNDS = { seconds: 30, rssMb: 400 } as const;

const RSS_MARK = '__mcp_statechart_hostile_maxrss_kb=';
const RSS_HOOK = peakRssHook(RSS_MARK);

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-hostile-secret-dir-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  readonly status: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
  readonly rssMb: number;
}

/** Runs the CLI on `file` (named relative to the working folder, as a user would type it). */
function run(args: readonly string[]): Outcome {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', RSS_HOOK, CLI, ...args], {
    cwd: dir, encoding: 'utf8', timeout: BOUNDS.seconds * 1000, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seconds = (performance.now() - started) / 1000;
  const mark = r.stderr.split('\n').find((l) => l.startsWith(RSS_MARK));
  const stderr = r.stderr.split('\n').filter((l) => !l.startsWith(RSS_MARK)).join('\n').trim();
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr, seconds, rssMb: mark ? Number(mark.slice(RSS_MARK.length)) / 1024 : Number.NaN };
}

/** What is wrong with one run, if anything. */
function problemsOf(o: Outcome, json: boolean): string[] {
  const out: string[] = [];
  if (o.status === null) out.push(`did not end within ${BOUNDS.seconds} s (${o.signal})`);
  else if (![0, 1, 2].includes(o.status)) out.push(`exit ${o.status}`);
  if (json) {
    try {
      JSON.parse(o.stdout);
    } catch {
      out.push(`stdout is not exactly one JSON document: ${JSON.stringify(o.stdout.slice(0, 200))}`);
    }
  }
  const both = `${o.stdout}\n${o.stderr}`;
  if (/\n\s+at .+:\d+:\d+\)?/.test(both) || /\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/.test(o.stderr) || /internal error|"rule": "internal"/.test(both)) {
    out.push(`stack trace or internal error: ${o.stderr.slice(0, 300)}`);
  }
  for (const local of [dir, ROOT, `${homedir()}/`]) if (both.includes(local)) out.push(`echoes the local path ${local}`);
  if (!(o.rssMb < BOUNDS.rssMb)) out.push(`peak RSS ${o.rssMb.toFixed(0)} MB (bound ${BOUNDS.rssMb} MB)`);
  return out;
}

const COMMANDS: Readonly<Record<HostileInput['kind'], readonly (readonly string[])[]>> = {
  transcript: [['validate', 'input', '--json'], ['validate', 'input']],
  fixture: [['cases', 'input', '--json'], ['coverage', 'input', '--json']],
};

const figures = { runs: 0, exits: new Map<number, number>(), slowest: 0, peakRssMb: 0 };

for (let seed = 1; seed <= SEEDS; seed++) {
  test(`hostile inputs of seed ${seed}: every run ends in time with exit 0, 1 or 2, one JSON document, no stack trace, no local path, bounded memory`, () => {
    const problems: string[] = [];
    for (const input of hostileInputs(ROOT, seed)) {
      const name = input.kind === 'transcript' ? 'input.jsonl' : 'input.json';
      writeFileSync(join(dir, name), input.bytes);
      // Text mode is a second pass over transcripts only where the input is small (it prints a line per finding).
      const commands = COMMANDS[input.kind].filter((c) => c.includes('--json') || input.bytes.length < 200_000);
      for (const command of commands) {
        const args = command.map((a) => (a === 'input' ? name : a));
        const o = run(args);
        if (process.env['HOSTILE_TIMES']) console.log(`${o.seconds.toFixed(2)} s ${o.rssMb.toFixed(0)} MB exit ${o.status} ${input.name} via ${args.join(' ')}`);
        figures.runs += 1;
        if (o.status !== null) figures.exits.set(o.status, (figures.exits.get(o.status) ?? 0) + 1);
        figures.slowest = Math.max(figures.slowest, o.seconds);
        figures.peakRssMb = Math.max(figures.peakRssMb, o.rssMb || 0);
        for (const p of problemsOf(o, args.includes('--json'))) problems.push(`${input.name} via ${args.join(' ')}: ${p}`);
      }
    }
    assert.equal(problems, []);
  });
}

test('figures', () => {
  const exits = [...figures.exits].sort(([a], [b]) => a - b).map(([code, n]) => `exit ${code}: ${n}`).join(', ');
  console.log(`hostile inputs: ${figures.runs} runs over ${SEEDS} seeds (${exits}); slowest ${figures.slowest.toFixed(2)} s (bound ${BOUNDS.seconds} s), peak RSS ${figures.peakRssMb.toFixed(0)} MB (bound ${BOUNDS.rssMb} MB)`);
  assert.ok(figures.runs > 0);
});

test.run();
