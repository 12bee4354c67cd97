import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { drive } from '../../live/driver.ts';
import { LiveRecorder } from '../../live/recorder.ts';
import type { ClientTransport } from '../../live/transport.ts';
import type { JsonObject } from '../../validators/context.ts';

/** A transport whose sends fail as an HTTP transport's do: the failure recorded by it, thrown to the driver. */
function failingTransport(recorder: LiveRecorder, couldNotRun: boolean): ClientTransport & { sent: JsonObject[] } {
  const sent: JsonObject[] = [];
  return {
    kind: 'http',
    sent,
    async start() {},
    async send(message) {
      sent.push(message);
      recorder.message('client_to_server', JSON.stringify(message));
      recorder.event({ kind: 'transport_error', code: 'unreachable', detail: 'connection refused' });
      throw Object.assign(new Error('the server could not be reached (ECONNREFUSED)'), { couldNotRun });
    },
    async close() {
      return { closed: true };
    },
  };
}

const OPTIONS = { scope: 'quick', timeoutMs: 50, protocolVersion: '2025-11-25', calls: [], answers: { roots: [] } } as const;

test('a send the transport could not deliver ends the run at once: could not run, and no timeout of the driver\'s own', async () => {
  const recorder = new LiveRecorder();
  const transport = failingTransport(recorder, true);
  const outcome = await drive(transport, recorder, OPTIONS);
  assert.is(outcome.error, 'the server could not be reached (ECONNREFUSED)');
  assert.equal(outcome.cleanup, { closed: true });
  assert.is(transport.sent.length, 1);
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.equal(recorder.finish().events.map((e) => e.kind), ['message', 'transport_error']);
});

test('a failure that is the server\'s fault (recorded as a finding by the transport) is not "could not run"', async () => {
  const recorder = new LiveRecorder();
  const outcome = await drive(failingTransport(recorder, false), recorder, OPTIONS);
  assert.is(outcome.error, undefined);
});

test.run();
