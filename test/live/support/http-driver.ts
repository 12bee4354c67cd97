// Why: the transport tests drive a server the way the live check's quick scope does (initialize,
// notifications/initialized, ping, tools/list, then the probes a test asks for, then close),
// answering server requests, and collect what the transport recorded and reported.
import { HttpTransport } from '../../../live/http-transport.ts';
import { TransportFailure, type CleanupEvidence } from '../../../live/transport.ts';
import type { JsonObject } from '../../../validators/context.ts';
import { MemoryRecorder } from './memory-recorder.ts';

/** What a test may change about a drive. */
export interface DriveOptions {
  readonly timeoutMs?: number;
  readonly maxMessageBytes?: number;
  readonly maxStreamMessages?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly redact?: (text: string) => string;
  readonly onSessionId?: (id: string, placeholder: string) => void;
  readonly protocolVersion?: string;
  /** Leave out tools/list (for tests that send it themselves). */
  readonly skipToolsList?: boolean;
  /** Runs after tools/list and before close; `request` builds a request with a fresh id. */
  readonly probes?: (transport: HttpTransport, request: (method: string) => JsonObject, recorder: MemoryRecorder) => Promise<void>;
}

/** What a drive produced. */
export interface DriveResult {
  readonly recorder: MemoryRecorder;
  readonly evidence: CleanupEvidence;
  /** Sends that failed, in order, with their failure. */
  readonly failures: readonly TransportFailure[];
  /** Responses received, by request id. */
  readonly answers: ReadonlyMap<unknown, JsonObject>;
  readonly transport: HttpTransport;
}

/** Drives the quick scope against `url` and closes the transport. */
export async function drive(url: URL, options: DriveOptions = {}): Promise<DriveResult> {
  const recorder = new MemoryRecorder();
  const transport = new HttpTransport({
    url,
    recorder,
    timeoutMs: options.timeoutMs ?? 2_000,
    ...(options.maxMessageBytes === undefined ? {} : { maxMessageBytes: options.maxMessageBytes }),
    ...(options.maxStreamMessages === undefined ? {} : { maxStreamMessages: options.maxStreamMessages }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.redact === undefined ? {} : { redact: options.redact }),
    ...(options.onSessionId === undefined ? {} : { onSessionId: options.onSessionId }),
  });
  const answers = new Map<unknown, JsonObject>();
  const failures: TransportFailure[] = [];
  const replies: Promise<void>[] = [];
  let nextId = 1;
  const guard = async (send: Promise<void>): Promise<void> => {
    try {
      await send;
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error;
      failures.push(error);
    }
  };
  await transport.start((message) => {
    if (typeof message['method'] === 'string' && 'id' in message) {
      const answer = message['method'] === 'ping' ? { result: {} } : { error: { code: -32601, message: 'Method not found' } };
      replies.push(guard(transport.send({ jsonrpc: '2.0', id: message['id'], ...answer })));
    } else if (!('method' in message) && 'id' in message) {
      answers.set(message['id'], message);
    }
  });
  const request = (method: string, params?: JsonObject): JsonObject => ({ jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) });
  const call = async (method: string, params?: JsonObject): Promise<JsonObject | undefined> => {
    const message = request(method, params);
    await guard(transport.send(message));
    return answers.get(message['id']);
  };
  const init = await call('initialize', {
    protocolVersion: options.protocolVersion ?? '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'http-test-driver', version: '1.0.0' },
  });
  if (init !== undefined && 'result' in init) {
    await guard(transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    await call('ping');
    if (options.skipToolsList !== true) await call('tools/list');
    await options.probes?.(transport, (method) => request(method), recorder);
  }
  await Promise.all(replies);
  const evidence = await transport.close();
  return { recorder, evidence, failures, answers, transport };
}
