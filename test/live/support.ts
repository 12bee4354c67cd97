// Why: the live tests run the same check the CLI runs, against peers started over stdio, with
// short time limits so that timeouts and shutdown waits stay cheap.
import { resolve } from 'node:path';
import { runCheck, type CheckOptions, type CheckRun } from '../../live/run-check.ts';

/** The folder of the deliberately broken (and one correct) stdio peers. */
export const PEERS = resolve(import.meta.dirname, '../peers/stdio');

/** Runs a quick check of `node ARGS...` over stdio (PATH alone in its environment); `overrides` replace any option. */
export function checkNode(args: readonly string[], overrides: Partial<CheckOptions> = {}): Promise<CheckRun> {
  return runCheck({
    target: { transport: 'stdio', command: [process.execPath, ...args] },
    scope: 'quick',
    timeoutMs: 2000,
    protocolVersion: '2025-11-25',
    calls: [],
    answers: { roots: [] },
    headerEnv: [],
    env: { PATH: process.env['PATH'] ?? '' },
    ...overrides,
  });
}

/** Runs a check of `node <peer>.mjs` with short waits; `overrides` replace any option. */
export function checkPeer(peer: string, overrides: Partial<CheckOptions> = {}): Promise<CheckRun> {
  return checkNode([resolve(PEERS, `${peer}.mjs`)], { graceMs: 500, ...overrides });
}

/** The findings of a run as `rule@event` strings. */
export function rulesOf(run: CheckRun): string[] {
  return run.trace.findings.map((f) => `${f.rule}@${f.event}`);
}

/** Findings that rest on a message the checker itself sent (there must never be any). */
export function clientFindings(run: CheckRun): string[] {
  return run.trace.findings
    .filter((f) => f.event !== null && run.trace.events[f.event]?.kind === 'message' && (run.trace.events[f.event] as { direction: string }).direction === 'client_to_server')
    .map((f) => `${f.rule}@${f.event}`);
}
