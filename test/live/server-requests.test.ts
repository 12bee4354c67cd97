// Why: a server may ask the client things during a check; the checker must answer as a correct
// client (from --root and canned answers), declare exactly what it can answer for, and never send
// a reply it would itself reject.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clientFindings, checkPeer, rulesOf } from './support.ts';

const SAMPLED = { role: 'assistant', content: { type: 'text', text: 'Hi.' }, model: 'canned', stopReason: 'endTurn' };

function replies(run: Awaited<ReturnType<typeof checkPeer>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of run.trace.events) {
    if (e.kind !== 'message' || e.direction !== 'client_to_server') continue;
    const m = e.message as { id?: unknown; result?: unknown; error?: unknown };
    if (typeof m.id === 'string' && m.id.startsWith('q')) out[m.id] = m.result ?? m.error;
  }
  return out;
}

test('roots, sampling and elicitation offered and answered: nothing to report', async () => {
  const run = await checkPeer('asks-client', { answers: { roots: ['file:///srv/data'], sampling: SAMPLED, elicitation: { action: 'accept', content: { name: 'Ada' } } } });
  assert.equal(rulesOf(run), []);
  assert.equal(run.trace.capabilities.client, { roots: {}, sampling: {}, elicitation: { form: {} } });
  assert.equal(replies(run), { q0: {}, q1: { roots: [{ uri: 'file:///srv/data' }] }, q2: SAMPLED, q3: { action: 'accept', content: { name: 'Ada' } } });
});

test('nothing offered: the server\'s requests break the capability gate, and each gets -32601', async () => {
  const run = await checkPeer('asks-client');
  assert.equal(run.trace.capabilities.client, {});
  assert.equal(run.trace.findings.map((f) => f.rule), ['capability/client-not-declared', 'capability/client-not-declared', 'capability/client-not-declared']);
  assert.equal(clientFindings(run), []);
  const codes = Object.values(replies(run)).map((r) => (r as { code?: number }).code);
  assert.equal(codes, [undefined, -32601, -32601, -32601]);
});

test('a canned answer that does not fit the request is replaced by the specification\'s refusal', async () => {
  const run = await checkPeer('asks-client', { answers: { roots: [], sampling: SAMPLED, elicitation: { action: 'accept', content: { name: 5 } } } });
  assert.equal(clientFindings(run), []);
  assert.equal(replies(run)['q3'], { action: 'decline' });
});

test.run();
