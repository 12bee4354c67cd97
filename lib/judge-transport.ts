// Why: a test suite that connects an SDK client to an SDK server in process (an InMemoryTransport
// pair, or any Transport) gets protocol judging without a process: the transport is wrapped so
// every message both ways is kept as sent, and judged on demand by the one session the CLI uses
// (a fresh judge over everything kept, so findings() mid-run and report() at the end agree).
import { LiveRecorder } from '../live/recorder.ts';
import { buildTrace } from '../live/trace-builder.ts';
import { jsonReportText } from '../reports/json-report.ts';
import { buildReportModel } from '../reports/report-model.ts';
import { Redactor } from '../trace/redaction.ts';
import type { Direction } from '../validators/context.ts';

/** The most messages one wrapped transport keeps (later ones are counted, not judged). */
export const MAX_JUDGED_MESSAGES = 50_000;

/** The members of an MCP SDK Transport (1.x and 2.x) the wrapper uses. */
export interface TransportShape {
  start(): Promise<void>;
  send(message: never, options?: never): Promise<void>;
  close(): Promise<void>;
  onmessage?: ((message: never, extra?: never) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
}

/** The messages of one wrapped transport, and their judging. */
export class TransportJudge {
  readonly #side: 'client' | 'server';
  readonly #messages: { direction: Direction; text: string }[] = [];
  #unkept = 0;

  constructor(side: 'client' | 'server') {
    this.#side = side;
  }

  /** Keeps one message, sent by this side (`sent`) or received from the other. */
  keep(message: unknown, sent: boolean): void {
    if (this.#messages.length >= MAX_JUDGED_MESSAGES) {
      this.#unkept += 1;
      return;
    }
    const fromClient = (this.#side === 'client') === sent;
    let text: string;
    try {
      text = JSON.stringify(message) ?? 'undefined';
    } catch {
      text = String(message);
    }
    this.#messages.push({ direction: fromClient ? 'client_to_server' : 'server_to_client', text });
  }

  /** The report `check --json` prints, of everything kept so far (judged now). */
  report(): Record<string, unknown> {
    const redactor = new Redactor([]);
    const recorder = new LiveRecorder({ redactor });
    for (const m of this.#messages) recorder.message(m.direction, m.text);
    const { recording, omitted } = recorder.finishBounded();
    const extra = this.#unkept === 0 ? omitted : { events: (omitted?.events ?? 0) + this.#unkept, findings: omitted?.findings ?? 0 };
    const { trace } = buildTrace({ recording, ...(extra === undefined ? {} : { omitted: extra }), target: { transport: 'stdio' }, options: { in_process: true }, cleanup: {}, redactor, totalMs: 0 });
    return JSON.parse(jsonReportText(buildReportModel(trace, [], []))) as Record<string, unknown>;
  }
}

const HANDLERS = new Set<PropertyKey>(['onmessage', 'onclose', 'onerror']);

/**
 * Wraps a transport: what it sends and what it receives are kept (then passed on unchanged), and
 * `findings()` and `report()` judge them. Every other member is the transport's own.
 */
export function wrapTransport<T extends TransportShape>(transport: T, judge: TransportJudge): T {
  const handlers: Record<string, ((...args: never[]) => void) | undefined> = {};
  const inner = transport as unknown as Record<string, unknown>;
  inner['onmessage'] = (message: unknown, extra?: unknown) => {
    judge.keep(message, false);
    (handlers['onmessage'] as ((m: unknown, e?: unknown) => void) | undefined)?.(message, extra);
  };
  inner['onclose'] = () => (handlers['onclose'] as (() => void) | undefined)?.();
  inner['onerror'] = (error: Error) => (handlers['onerror'] as ((e: Error) => void) | undefined)?.(error);
  const send = (message: unknown, options?: unknown): Promise<void> => {
    judge.keep(message, true);
    return (transport.send as (m: unknown, o?: unknown) => Promise<void>).call(transport, message, options);
  };
  return new Proxy(transport, {
    get(target, key) {
      if (key === 'send') return send;
      if (HANDLERS.has(key)) return handlers[key as string];
      if (key === 'findings') return () => (judge.report()['findings'] as unknown[]);
      if (key === 'report') return () => judge.report();
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    set(target, key, value) {
      if (HANDLERS.has(key)) {
        handlers[key as string] = value as (...args: never[]) => void;
        return true;
      }
      return Reflect.set(target, key, value, target);
    },
  });
}
