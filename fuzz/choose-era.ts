// Why: a fuzz search plays every run in one era, so that its runs can be compared and its shrunk
// trace replayed alike. Asked for no era, it chooses as check does (a client of both eras opens with
// server/discover, and speaks the era the answer shows), on a connection of its own before the
// search (a fresh process over stdio), whose messages are not judged: it only picks the era. A
// server that ends its connection on server/discover is a legacy server, as in check. Interrupted
// while it waits, the search leaves that connection's trace (status error), as it would a run's.
import { probeEra } from '../live/era-probe.ts';
import { openConnection, type ConnectionOptions } from '../live/connection.ts';
import { Exchange } from '../live/exchange.ts';
import { replyTo, type ClientAnswers } from '../live/server-requests.ts';
import type { ClientTransport } from '../live/transport.ts';
import { buildTrace } from '../live/trace-builder.ts';
import type { JsonObject } from '../validators/context.ts';
import type { FuzzEra } from './generator.ts';
import type { SequenceRun } from './run-sequence.ts';

/** A deep run's client offers nothing: the same answers as its runs. */
const NO_ANSWERS: ClientAnswers = { roots: [] };

/** The era chosen and why, as the trace records it. */
export interface ChosenEra {
  readonly era: FuzzEra;
  readonly why: string;
}

/** Probes the target once with server/discover and returns the era its answer shows. */
export async function chooseEra(options: ConnectionOptions & {
  readonly protocolVersion: string;
  readonly seed: number;
  readonly recorded: JsonObject;
  readonly onTransport?: ((transport: ClientTransport) => (() => void) | void) | undefined;
  readonly onSnapshot?: ((snapshot: (why: string) => SequenceRun) => void) | undefined;
}): Promise<ChosenEra> {
  const started = performance.now();
  const { redactor, recorder, transport } = openConnection(options);
  const release = options.onTransport?.(transport);
  options.onSnapshot?.((why) => {
    const { recording, omitted } = recorder.finishBounded();
    const built = buildTrace({
      recording,
      ...(omitted === undefined ? {} : { omitted }),
      target: { transport: options.target.transport },
      options: options.recorded,
      cleanup: { interrupted: true },
      error: why,
      redactor,
      totalMs: performance.now() - started,
      mode: 'fuzz',
      sequence: { seed: options.seed, actions: [] },
    });
    return { ...built, redactor };
  });
  const exchange = new Exchange(transport, recorder, options.timeoutMs, (method, params) => replyTo(method, params, NO_ANSWERS));
  try {
    await exchange.start();
    const probe = await probeEra(exchange, NO_ANSWERS, options.timeoutMs, options.protocolVersion);
    if (probe.kind === 'modern' || probe.kind === 'legacy') return { era: probe.kind, why: probe.why };
    if (probe.kind === 'ended') {
      return { era: 'legacy', why: `the server ended its connection on server/discover (sent first, as a client of both eras does), as a legacy server that ends on any request before initialize does: fuzzed opening each run with initialize ${options.protocolVersion}` };
    }
    return { era: 'legacy', why: `server/discover could not be sent (${probe.error}): fuzzed opening each run with initialize ${options.protocolVersion}` };
  } catch (failure) {
    if (!(failure instanceof Error)) throw failure;
    return { era: 'legacy', why: `server/discover could not be sent (${failure.message}): fuzzed opening each run with initialize ${options.protocolVersion}` };
  } finally {
    await exchange.settle();
    await transport.close();
    release?.();
  }
}
