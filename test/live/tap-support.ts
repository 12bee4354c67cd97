// Why: the tap is a process a client starts; its tests start it the same way (the built CLI), feed
// its stdin, read its stdout and stderr whole, and always end it, also when a test fails.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The built CLI. */
export const CLI = resolve(import.meta.dirname, '../../dist/cli.js');

/** A started tap: its process, and what it wrote so far. */
export interface RunningTap {
  readonly child: ChildProcess;
  readonly stdout: Buffer[];
  stderr: string;
  /** Resolves with the exit code and signal once the tap has ended. */
  readonly ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until stderr matches (within a bound). */
  stderrMatching(pattern: RegExp, limitMs?: number): Promise<RegExpMatchArray>;
  /** Kills the tap if it still runs. */
  kill(): void;
}

/** Starts `node dist/cli.js tap ARGS...` with the given environment. */
export function startTap(args: readonly string[], env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '' }): RunningTap {
  const child = spawn(process.execPath, [CLI, 'tap', ...args], { stdio: ['pipe', 'pipe', 'pipe'], env });
  const tap: RunningTap = {
    child,
    stdout: [],
    stderr: '',
    ended: new Promise((resolveEnd) => child.once('close', (code, signal) => resolveEnd({ code, signal }))),
    async stderrMatching(pattern, limitMs = 15_000) {
      const until = Date.now() + limitMs;
      for (;;) {
        const m = pattern.exec(tap.stderr);
        if (m !== null) return m;
        if (Date.now() > until || child.exitCode !== null) throw new Error(`stderr never matched ${pattern}: ${tap.stderr}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  child.stdout!.on('data', (chunk: Buffer) => tap.stdout.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => {
    tap.stderr += chunk.toString('utf8');
  });
  child.stdin!.on('error', () => {});
  return tap;
}

/** A temporary folder, removed by `remove`. */
export function tempFolder(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `mcp-statechart-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `node dist/cli.js validate FILE --json` and returns its exit code and document. */
export function validateJson(file: string): { status: number | null; report: { status: string; findings: { rule: string; event: number | null }[]; signature: string } } {
  const run = spawnSync(process.execPath, [CLI, 'validate', file, '--json'], { encoding: 'utf8' });
  return { status: run.status, report: JSON.parse(run.stdout) };
}

/**
 * Writes raw client lines to a tap in front of `server` (an argv), each after the server's output
 * grew since the previous one (or a short wait, for a line nothing answers), as a client waiting for
 * answers would; ends its input, and returns the findings of the trace it wrote (read by `validate`).
 */
export async function linesThroughTap(trace: string, server: readonly string[], lines: readonly string[]): Promise<{ rule: string; event: number | null }[]> {
  const tap = startTap(['--trace', trace, '--', ...server]);
  const outputLines = () => Buffer.concat(tap.stdout).toString('utf8').split('\n').length;
  try {
    for (const l of lines) {
      const before = outputLines();
      tap.child.stdin!.write(l + '\n');
      for (let w = 0; w < 100 && outputLines() === before; w++) await new Promise((r) => setTimeout(r, 10));
    }
    tap.child.stdin!.end();
    const end = await tap.ended;
    if (end.code !== 0) throw new Error(`the tap ended ${JSON.stringify(end)}: ${tap.stderr}`);
  } finally {
    tap.kill();
  }
  return validateJson(trace).report.findings;
}
