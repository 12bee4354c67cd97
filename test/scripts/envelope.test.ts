// Why: scripts and CI steps read every command's --json the same way, so each one must be in the
// published envelope (docs/envelope.schema.json): status words of the exit code, profile ids,
// findings of one shape, keys sorted at every depth.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import { PEERS } from '../live/support.ts';
import { startTap } from '../live/tap-support.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(join(ROOT, 'docs/envelope.schema.json'), 'utf8')) as object);
const EXIT_OF = { pass: 0, fail: 1, error: 2 } as const;

/** The paths of objects whose keys are not sorted. */
function unsorted(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => unsorted(v, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  const keys = Object.keys(value);
  const here = keys.join() === [...keys].sort().join() ? [] : [at || '/'];
  return [...here, ...keys.flatMap((k) => unsorted((value as Record<string, unknown>)[k], `${at}/${k}`))];
}

function json(args: string[], cwd: string): { doc: Record<string, unknown>; status: number | null } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd, env: { PATH: process.env['PATH'] ?? '' }, timeout: 120_000 });
  return { doc: JSON.parse(r.stdout) as Record<string, unknown>, status: r.status };
}

function assertEnvelope(name: string, { doc, status }: { doc: Record<string, unknown>; status: number | null }): void {
  assert.ok(validate(doc), `${name}: ${JSON.stringify(validate.errors)}`);
  assert.equal(unsorted(doc), [], `${name}: keys sorted`);
  assert.is(status, EXIT_OF[doc['status'] as keyof typeof EXIT_OF], `${name}: the status word says the exit code`);
}

const finding = { rule: 'a/b', severity: 'error', keyword: 'MUST', message: 'm', pointer: '' };

test('the schema refuses what is not the envelope', () => {
  assert.not.ok(validate({ status: 'ok' }));
  assert.not.ok(validate({ status: 'pass', profile: 'mcp-2025-11-25' }));
  assert.not.ok(validate({ status: 'fail', findings: [{ ...finding, rule: 'x' }] }));
  assert.not.ok(validate({ status: 'fail', findings: [{ rule: 'a/b', severity: 'error', message: 'm', pointer: '' }] }), 'a finding names its keyword');
  assert.not.ok(validate({ status: 'fail', findings: [{ ...finding, event: 3, line: 4 }] }), 'one place: an event or a line');
  assert.not.ok(validate({ status: 'fail', findings: [{ ...finding, tool: 'echo' }] }), 'no member outside the one shape');
  assert.not.ok(validate({ status: 'error', error: 'why' }), 'a run that could not run says why as {rule, message}');
  assert.not.ok(validate({ status: 'fail', cases: [{ name: 'c', status: 'unexpected_failure', rule: 'a/b' }] }), 'a case\'s finding is a finding');
  assert.ok(validate({ status: 'fail', profile: '2025-11-25', findings: [{ ...finding, event: 3, method: 'ping result' }] }));
  assert.ok(validate({ status: 'fail', cases: [{ name: 'c', status: 'unexpected_failure', finding: { ...finding, pointer: '/cases/0/steps/1' } }] }));
  assert.equal(unsorted({ b: 1, a: { d: 1, c: 2 } }), ['/', '/a']);
});

test('cases, validate (transcript and trace), check, report and coverage print the envelope with --json', () => {
  const dir = mkdtempSync(join(tmpdir(), 'envelope-'));
  try {
    const steps = [
      { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } },
      { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } } },
      { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 'p', method: 'ping' } },
      { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'ping', result: {} } },
    ];
    writeFileSync(join(dir, 't.jsonl'), steps.map((s) => JSON.stringify(s)).join('\n') + '\n');
    assertEnvelope('cases', json(['cases', '--json'], dir));
    const transcript = json(['validate', '--json', 't.jsonl'], dir);
    assertEnvelope('validate transcript', transcript);
    assert.is(transcript.doc['status'], 'fail');
    assert.is(transcript.doc['profile'], '2025-11-25');
    assertEnvelope('validate, not judged', json(['validate', '--json', 'missing.jsonl'], dir));
    const check = json(['check', '--json', '--output', 'run.json', '--timeout', '5', '--stdio', '--', process.execPath, join(PEERS, 'result-and-error.mjs')], dir);
    assertEnvelope('check', check);
    assert.is(check.doc['status'], 'fail');
    assertEnvelope('validate trace', json(['validate', '--json', 'run.json'], dir));
    assertEnvelope('report', json(['report', '--json', 'run.json'], dir));
    assertEnvelope('coverage', json(['coverage', '--json', 't.jsonl'], dir));
    const notRun = json(['check', '--json', '--timeout', '5', '--stdio', '--', process.execPath, join(PEERS, 'older-revision.mjs')], dir);
    assertEnvelope('check, could not run', notRun);
    assert.equal(notRun.doc['error'], { rule: 'cli/version-not-judged', message: 'the server answered initialize with MCP 2024-11-05, a revision mcp-statechart does not judge (it judges 2025-06-18 and 2025-11-25 sessions)' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A client's session through a tap: initialize, and once answered, initialized and a ping; then the end of its input. */
async function talk(tap: ReturnType<typeof startTap>): Promise<void> {
  tap.child.stdin!.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}\n');
  for (const until = Date.now() + 10_000; !Buffer.concat(tap.stdout).includes('\n') && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
  tap.child.stdin!.end('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
  await tap.ended;
}

test('fuzz and replay print the envelope with --json; tap writes it with --json-file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'envelope-'));
  const peer = (name: string) => ['--stdio', '--', process.execPath, join(PEERS, `${name}.mjs`)];
  try {
    const fuzz = json(['fuzz', '--json', '--seed', '3', '--runs', '2', '--timeout', '2', '--output', 'fuzz.json', ...peer('correct')], dir);
    assertEnvelope('fuzz', fuzz);
    assert.is(fuzz.doc['status'], 'pass');
    const replay = json(['replay', 'fuzz.json', '--json', '--runs', '2', ...peer('correct')], dir);
    assertEnvelope('replay', replay);
    assert.equal(replay.doc['replay'], { out_of_time: false, reproduced: 0, requested: 2, runs: 2, signature: (fuzz.doc as { signature: string }).signature });
    const unreachable = json(['replay', 'fuzz.json', '--json', '--stdio', '--', join(dir, 'no-such-server')], dir);
    assertEnvelope('replay, could not run', unreachable);
    assert.is((unreachable.doc['error'] as { rule: string }).rule, 'cli/server-unavailable');
    const tap = startTap(['--json-file', join(dir, 'tap.json'), '--', process.execPath, join(PEERS, 'result-and-error.mjs')]);
    try {
      await talk(tap);
    } finally {
      tap.kill();
    }
    const doc = JSON.parse(readFileSync(join(dir, 'tap.json'), 'utf8')) as Record<string, unknown>;
    assertEnvelope('tap --json-file', { doc, status: 1 });
    assert.equal((doc['findings'] as { rule: string }[]).map((f) => f.rule), ['envelope/result-and-error']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
