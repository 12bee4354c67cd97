import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PEAK_RSS_HOOK, peakRss } from '../support/peak-rss.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-memory-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const UNMATCHED = 120_000;

/** A mid-session capture of 120,000 responses to requests it never saw: one error finding each. */
const file = join(dir, 'unmatched.jsonl');
const lines = [JSON.stringify({ mcp_statechart_transcript: 1, setup: 'ready', protocol_version: '2025-11-25' })];
for (let i = 0; i < UNMATCHED; i++) lines.push(JSON.stringify({ direction: 'server_to_client', message: { jsonrpc: '2.0', id: i + 10, result: {} } }));
writeFileSync(file, lines.join('\n') + '\n');

function validate(...args: string[]): { status: number | null; stdout: string; peakMb: number } {
  const r = spawnSync(process.execPath, ['--import', PEAK_RSS_HOOK, CLI, 'validate', file, ...args], { encoding: 'utf8', timeout: 120_000, maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, peakMb: peakRss(r.stderr).mb };
}

test('validate --json keeps at most --max-findings findings and counts the rest, so memory stays flat', () => {
  const r = validate('--json');
  assert.is(r.status, 1);
  const doc = JSON.parse(r.stdout) as { findings: unknown[]; counts: { error: number }; findings_omitted: number };
  assert.is(doc.counts.error, UNMATCHED);
  assert.is(doc.findings.length, 10_000);
  assert.is(doc.findings_omitted, UNMATCHED - 10_000);
  // Kept whole, 120,000 findings took about 190 MB; capped, the run stays near the text mode's peak (about 90 MB).
  assert.ok(r.peakMb < 140, `peak RSS ${r.peakMb.toFixed(0)} MB`);
  const few = JSON.parse(validate('--json', '--max-findings', '3').stdout) as { findings: unknown[]; findings_omitted: number };
  assert.equal([few.findings.length, few.findings_omitted], [3, UNMATCHED - 3]);
});

test('text output streams the findings and holds none', () => {
  const r = validate('--quiet');
  assert.is(r.status, 1);
  assert.match(r.stdout, new RegExp(`^failed: ${UNMATCHED + 1} lines, ${UNMATCHED} messages, ${UNMATCHED.toLocaleString('en-US').replace(/,/g, '')} errors, 0 warnings`));
  assert.ok(r.peakMb < 140, `peak RSS ${r.peakMb.toFixed(0)} MB`);
});

test.run();
