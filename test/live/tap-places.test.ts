// Why: a finding the tap prints while it runs must be found where its trace and JSON report put
// it: the number after `event` is the index into the trace's events (and the finding's `event` in
// both), not a count of messages, which drifts from it by one and by every non-message event.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTrace } from '../../trace/parse-trace.ts';
import { tapPlace } from '../../scripts/commands/tap-findings.ts';
import { CLI, startTap, tempFolder } from './tap-support.ts';

const PEERS = resolve(import.meta.dirname, '../peers/stdio');
const tmp = tempFolder('tap-places');
test.after(() => tmp.remove());

test('tapPlace: an event by its trace index; a message past the trace\'s bound by its number in the session; else the run', () => {
  assert.is(tapPlace({ event: 13, message_number: 14 }), 'event 13');
  assert.is(tapPlace({ event: null, message_number: 10_001 }), 'message 10001 (not kept in the trace)');
  assert.is(tapPlace({ event: null, message_number: null }), 'run');
});

test('the event a tap prints for a finding is its event in the trace and in the JSON report', async () => {
  const traceFile = join(tmp.dir, 'trace.json');
  const reportFile = join(tmp.dir, 'report.json');
  const tap = startTap(['--trace', traceFile, '--json-file', reportFile, '--', process.execPath, join(PEERS, 'result-and-error.mjs')]);
  try {
    tap.child.stdin!.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}\n');
    for (const until = Date.now() + 10_000; !Buffer.concat(tap.stdout).includes('\n') && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
    tap.child.stdin!.end('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await tap.ended;
  } finally {
    tap.kill();
  }
  const printed = /^mcp-statechart tap: event (\d+) \(server\): error: ping error \/message: .*\[envelope\/result-and-error\]$/m.exec(tap.stderr);
  assert.ok(printed, tap.stderr);
  const at = Number(printed[1]);
  const trace = parseTrace(readFileSync(traceFile));
  assert.equal(trace.findings.map((f) => [f.rule, f.event]), [['envelope/result-and-error', at]]);
  const event = trace.events[at];
  assert.ok(event?.kind === 'message' && event.direction === 'server_to_client' && (event.message as { id?: unknown }).id === 2, 'the event is the ping\'s answer');
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { findings: { event: number; method: string }[] };
  assert.equal(report.findings.map((f) => [f.event, f.method]), [[at, 'ping error']]);
});

test('a cascade is folded alike by the tap while it runs, by report and by validate of its trace', async () => {
  const traceFile = join(tmp.dir, 'early.json');
  const tap = startTap(['--trace', traceFile, '--', process.execPath, join(PEERS, 'correct.mjs')]);
  try {
    // Requests before the initialize result, in one write: each is the same SHOULD NOT, one cause.
    const requests = [2, 3, 4, 5, 6].map((id) => `{"jsonrpc":"2.0","id":${id},"method":"tools/list"}\n`).join('');
    tap.child.stdin!.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}\n' + requests);
    for (const until = Date.now() + 10_000; Buffer.concat(tap.stdout).toString().split('\n').length < 7 && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
    tap.child.stdin!.end();
    await tap.ended;
  } finally {
    tap.kill();
  }
  const PREFIX = 'mcp-statechart tap: ';
  const tapped = tap.stderr.split('\n').filter((l) => !l.startsWith(`${PREFIX}pass:`) && l !== '').map((l) => l.replace(PREFIX, '').replace(' (client)', ''));
  assert.equal(tapped.filter((l) => !l.startsWith('  ')), [
    'event 1: warning: tools/list /message: the client sent tools/list before the server answered initialize (the client SHOULD NOT send requests other than pings before then) [lifecycle/request-before-initialize-result]',
    'events 2-5: warning: 4 more lifecycle/request-before-initialize-result warnings, the same cause as event 1',
  ], tap.stderr);
  assert.ok(tapped.includes('  cause: the initialize request on event 0 has not been answered'), tap.stderr);
  for (const command of ['report', 'validate']) {
    const run = spawnSync(process.execPath, [CLI, command, traceFile], { encoding: 'utf8' });
    assert.equal(run.stdout.split('\n').slice(0, -1).filter((l) => !/^(pass|ok): /.test(l)), tapped, `${command}: ${run.stdout}`);
  }
});

test.run();
