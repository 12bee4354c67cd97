import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { benchHeader } from '../../bench/bench-session.ts';
import { generateSteps, stepLine, type GeneratedStep } from '../../bench/generate.ts';
import { Session } from '../../machines/session.ts';
import { sessionConfigFor } from '../../transcripts/transcript-header.ts';
import { TranscriptJudge } from '../../transcripts/transcript-judge.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';

const N = 20_000;
const steps = [...generateSteps(N, 7)];
const texts = (list: readonly GeneratedStep[]) => list.map((s) => (s.kind === 'message' ? s.text : `control ${s.revision}`));

test('same seed, same texts; another seed, other texts', () => {
  assert.equal(texts([...generateSteps(N, 7)]), texts(steps));
  assert.not.equal(texts([...generateSteps(2_000, 8)]), texts([...generateSteps(2_000, 7)]));
});

test('exactly the asked number of messages, plus control steps', () => {
  assert.is(steps.filter((s) => s.kind === 'message').length, N);
  assert.is([...generateSteps(3)].length, 3);
  assert.is([...generateSteps(0)].length, 0);
});

test('the stream is mixed: both directions, every exchange kind, contexts, string ids, revision switches', () => {
  const methods = new Set<string>();
  let kinds = { request: 0, result: 0, error: 0, notification: 0 };
  let contexts = 0;
  let stringIds = 0;
  let controls = 0;
  const directions = new Set<string>();
  for (const s of steps) {
    if (s.kind === 'control') {
      controls += 1;
      continue;
    }
    directions.add(s.direction);
    if (s.context) contexts += 1;
    const m = JSON.parse(s.text) as Record<string, unknown>;
    if (typeof m['id'] === 'string') stringIds += 1;
    if (typeof m['method'] === 'string') {
      methods.add(m['method']);
      kinds = 'id' in m ? { ...kinds, request: kinds.request + 1 } : { ...kinds, notification: kinds.notification + 1 };
    } else if ('error' in m) kinds = { ...kinds, error: kinds.error + 1 };
    else kinds = { ...kinds, result: kinds.result + 1 };
  }
  assert.equal([...directions].sort(), ['client_to_server', 'server_to_client']);
  for (const m of ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/templates/list', 'resources/read',
    'resources/subscribe', 'notifications/resources/updated', 'resources/unsubscribe', 'roots/list', 'sampling/createMessage',
    'elicitation/create', 'tasks/list', 'notifications/roots/list_changed', 'notifications/tools/list_changed']) {
    assert.ok(methods.has(m), m);
  }
  assert.ok(kinds.request > N / 3 && kinds.result > N / 3 && kinds.notification > 100 && kinds.error > 100, JSON.stringify(kinds));
  assert.ok(contexts > N / 10);
  assert.ok(stringIds > 100);
  assert.ok(controls > 0);
});

for (const profile of ['course', '2025-11-25'] as const) test(`the generated stream is valid traffic: one session judges all of it clean (${profile})`, () => {
  const session = new Session(sessionConfigFor(benchHeader(profile)));
  const found: string[] = [];
  steps.forEach((s, i) => {
    const f = s.kind === 'control'
      ? session.feed({ control_event: { type: 'activate_authorization_revision', revision: s.revision } })
      : session.feed({ direction: s.direction, message: parseStrictJson(s.text), ...(s.context ? { transport_context: s.context } : {}) });
    for (const x of f) found.push(`step ${i}: ${x.rule} ${x.pointer}`);
  });
  session.stop();
  assert.equal(found.slice(0, 5), []);
});

test('as transcript lines (header first) the stream is judged clean too', () => {
  const judge = new TranscriptJudge();
  const enc = new TextEncoder();
  judge.line(enc.encode(JSON.stringify(benchHeader())), 1);
  steps.slice(0, 5_000).forEach((s, i) => judge.line(enc.encode(stepLine(s)), i + 2));
  const report = judge.finish();
  // Cut after 5,000 steps, the stream leaves some requests open: those, and nothing else, are reported.
  assert.equal(report.findings.filter((f) => f.rule !== 'correlation/unanswered-request').slice(0, 5), []);
  assert.is(report.counts.error, 0);
  assert.is(report.status, 'ok');
});

test.run();
