import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-inputs-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 120_000 });

const c2s = (message: object) => ({ direction: 'client_to_server', message });
const s2c = (message: object) => ({ direction: 'server_to_client', message });
const LINES = [
  c2s({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1.0.0' } } }),
  s2c({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1.0.0' } } }),
  c2s({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  c2s({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
  s2c({ jsonrpc: '2.0', id: 2, result: { tools: [] } }),
];
const body = (lines: readonly object[]) => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
writeFileSync(join(dir, 'session.jsonl'), body(LINES));
writeFileSync(join(dir, 'session-as.json'), body(LINES));

test('coverage takes transcripts: each is one case, judged under the profile its traffic negotiates', () => {
  const r = run('coverage', 'session.jsonl', '--json');
  assert.is(r.status, 1, r.stderr);
  const report = JSON.parse(r.stdout) as { case_count: number; profiles: string[]; machines: Record<string, { taken: number; transitions: { taken_by: string[] }[]; applicable: boolean }> };
  assert.is(report.case_count, 1);
  assert.equal(report.profiles, ['2025-11-25']);
  assert.ok(report.machines['lifecycle']!.taken >= 3);
  assert.ok(report.machines['lifecycle']!.transitions.some((t) => t.taken_by.includes('session.jsonl')));
  assert.is(report.machines['inputRequired']!.applicable, false, 'a 2025-11-25 session never runs the stateless retry loop');
  // Recognised by its first line too, whatever the name; and a folder gives fixtures and transcripts alike.
  assert.is(JSON.parse(run('coverage', 'session-as.json', '--json').stdout).case_count, 1);
  mkdirSync(join(dir, 'mixed'));
  writeFileSync(join(dir, 'mixed', 'a.jsonl'), body(LINES));
  writeFileSync(join(dir, 'mixed', 'b.json'), readFileSync(join(ROOT, 'fixtures/course-profile/lifecycle.json')));
  const mixed = JSON.parse(run('coverage', 'mixed', '--json').stdout) as { case_count: number; profiles: string[] };
  assert.ok(mixed.case_count > 1);
  assert.equal(mixed.profiles, ['2025-11-25', 'course']);
  const quiet = run('coverage', 'session.jsonl', '--quiet');
  assert.match(quiet.stdout, /^gaps: \d+\/\d+ transitions taken .*; 1 case; \d+ not applicable\n$/);
});

test('coverage on a transcript that cannot run (a bad header, nothing in it): exit 2, named', () => {
  writeFileSync(join(dir, 'bad-header.jsonl'), body([{ mcp_statechart_transcript: 7 }, ...LINES]));
  const r = run('coverage', 'bad-header.jsonl');
  assert.is(r.status, 2);
  assert.match(r.stderr, /^mcp-statechart: line 1: invalid transcript header at \/mcp_statechart_transcript: mcp_statechart_transcript must be 1, found 7 \[fixture\/transcript-invalid\]\n$/);
  writeFileSync(join(dir, 'empty.jsonl'), '');
  assert.match(run('coverage', 'empty.jsonl').stderr, /the transcript is empty.*\[fixture\/empty\]/);
});

test('inspect steps through a transcript whole: --transcript FILE, or a --fixture PATH that is one', () => {
  for (const args of [['--transcript', 'session.jsonl'], ['--fixture', 'session.jsonl']]) {
    const out = join(dir, 'page.html');
    const r = run('inspect', ...args, '--out', out);
    assert.is(r.status, 0, r.stderr);
    assert.is(r.stdout, `wrote ${out}: session.jsonl, 5 steps, 0 errors, 0 warnings\n`);
    const html = readFileSync(out, 'utf8');
    const trace = JSON.parse(html.match(/<script type="application\/json" id="trace">([\s\S]*?)<\/script>/)![1]!.replace(/\\u003c/g, '<')) as { frames: { label: string }[] };
    assert.equal(trace.frames.map((f) => f.label), ['start', 'line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
  }
});

test('inspect: a CASE with a transcript, both sources, or neither: usage errors', () => {
  const cases: [string[], RegExp][] = [
    [['inspect', 'some_case', '--transcript', 'session.jsonl'], /give no CASE with --transcript/],
    [['inspect', '--transcript', 'session.jsonl', '--fixture', 'x.json'], /not both/],
    [['inspect'], /inspect needs one CASE \(or --transcript FILE\)/],
    [['inspect', 'some_case', '--fixture', 'session.jsonl'], /session\.jsonl is a transcript, stepped through whole: give no CASE/],
  ];
  for (const [args, pattern] of cases) {
    const r = run(...args);
    assert.is(r.status, 2, args.join(' '));
    assert.match(r.stderr, pattern);
    assert.match(r.stderr, /\n\nusage: mcp-statechart inspect /);
  }
});

test.run();
