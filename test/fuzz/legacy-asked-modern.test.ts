// Why: `fuzz --protocol-version 2026-07-28` against a legacy server could not run (exit 2), as
// check: the stdio page, Backward Compatibility, has -32601 to server/discover be a legacy server's
// usual answer ("The fallback MUST NOT be keyed to one specific error code"), so one tools/list
// tells a legacy server (no resultType: the fuzz could not run, blamed for nothing) from a
// 2026-07-28 server that does not implement server/discover (judged:
// stateless/discover-not-implemented, "Servers MUST implement it").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-fuzz-legacy-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

interface Report { status: string; error?: { rule: string; message: string }; findings: { rule: string }[] }
function fuzz(peer: string): { status: number | null; report: Report; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'fuzz', '--json', '--runs', '3', '--seed', '1', '--timeout', '5', '--protocol-version', '2026-07-28', '--stdio', '--', process.execPath, join(PEERS, `${peer}.mjs`)],
    { encoding: 'utf8', cwd: dir, timeout: 180_000, env: { PATH: process.env['PATH'] ?? '' } });
  return { status: r.status, report: JSON.parse(r.stdout) as Report, stderr: r.stderr };
}

test('a legacy server that answers server/discover -32601: the fuzz of 2026-07-28 could not run (exit 2), no finding', () => {
  const { status, report, stderr } = fuzz('serves-before-initialized');
  assert.is(status, 2, stderr);
  assert.is(report.error?.rule, 'cli/server-unavailable');
  assert.match(report.error?.message ?? '', /answered server\/discover with error -32601 .*and tools\/list with a result without resultType: it does not speak MCP 2026-07-28/);
  assert.equal(report.findings, []);
});

test('a 2026-07-28 server that answers server/discover -32601: judged, stateless/discover-not-implemented (exit 1)', () => {
  const { status, report, stderr } = fuzz('modern-discover-not-found');
  assert.is(status, 1, stderr);
  assert.is(report.error, undefined);
  assert.equal([...new Set(report.findings.map((f) => f.rule))], ['stateless/discover-not-implemented']);
});

test.run();
