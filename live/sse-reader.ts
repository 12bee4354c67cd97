// Why: an SSE body is untrusted and may never end. This reads one as events with every bound a
// live check needs: UTF-8 decoded strictly (JSON-RPC messages must be UTF-8), each event at most
// a byte limit (the parser's buffer is bounded too, so a line that never ends cannot grow memory),
// and an idle limit between events that carry data, which the caller can change (waiting for a
// response, then a short grace for the stream to end): empty events, comments and ignored lines
// are no progress, so they never extend the wait. It reports how the stream ended; it never throws.
import type { Readable } from 'node:stream';
import { createParser, type ParseError } from 'eventsource-parser';

/** One dispatched SSE event (its data may be empty, as in a priming event). */
export interface SseEvent {
  readonly data: string;
  readonly id?: string | undefined;
  readonly event?: string | undefined;
}

/** How a stream stopped being read. */
export type SseEnd =
  | { readonly kind: 'end' }
  | { readonly kind: 'idle'; readonly limitMs: number }
  | { readonly kind: 'too-large'; readonly limitBytes: number }
  | { readonly kind: 'invalid-utf8' }
  | { readonly kind: 'error'; readonly code: string }
  | { readonly kind: 'stopped' };

/** What the reader reports while it reads. */
export interface SseHandlers {
  /** An event was dispatched; return `'stop'` to stop reading (the body is then destroyed). */
  onEvent(event: SseEvent): void | 'stop';
  /** A line clients ignore: an unknown field, or a retry that is not all digits. */
  onIgnoredLine?(kind: 'unknown-field' | 'invalid-retry', line: string): void;
  /** The server set the reconnection time. */
  onRetry?(ms: number): void;
}

/** A stream being read: when it ended, and controls over it. */
export interface SseReading {
  readonly ended: Promise<SseEnd>;
  /** Changes the idle limit from now on (undefined: wait for ever). */
  setIdle(ms: number | undefined): void;
  /** Stops reading and destroys the body. */
  stop(): void;
}

/** Reads an SSE body; `maxEventBytes` bounds each event's data, `idleMs` the wait for the next event. */
export function readSse(body: Readable, limits: { maxEventBytes: number; idleMs: number | undefined }, handlers: SseHandlers): SseReading {
  let finish!: (end: SseEnd) => void;
  const ended = new Promise<SseEnd>((resolve) => {
    finish = resolve;
  });
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  let idleMs = limits.idleMs;
  const decoder = new TextDecoder('utf-8', { fatal: true });

  const end = (result: SseEnd): void => {
    if (done) return;
    done = true;
    if (timer !== undefined) clearTimeout(timer);
    body.off('data', onData);
    body.off('end', onEnd);
    body.off('error', onError);
    body.off('close', onClose);
    body.on('error', () => {});
    if (result.kind !== 'end') body.destroy();
    finish(result);
  };
  const arm = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = idleMs === undefined ? undefined : setTimeout(() => end({ kind: 'idle', limitMs: idleMs as number }), idleMs);
  };

  const parser = createParser({
    // Characters bound bytes from below, so this caps the buffer; the byte limit is checked exactly on dispatch.
    maxBufferSize: limits.maxEventBytes,
    onEvent: (event) => {
      if (done) return;
      if (Buffer.byteLength(event.data, 'utf8') > limits.maxEventBytes) {
        end({ kind: 'too-large', limitBytes: limits.maxEventBytes });
        return;
      }
      // Only an event that carries data is progress: a stream of empty events must not keep the wait alive.
      if (event.data !== '') arm();
      if (handlers.onEvent({ data: event.data, id: event.id, event: event.event }) === 'stop') end({ kind: 'stopped' });
    },
    onRetry: (ms) => handlers.onRetry?.(ms),
    onError: (error: ParseError) => {
      if (error.type === 'max-buffer-size-exceeded') end({ kind: 'too-large', limitBytes: limits.maxEventBytes });
      else handlers.onIgnoredLine?.(error.type, error.line ?? '');
    },
  });

  let endsWithCr = false;
  function onData(chunk: Buffer): void {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      end({ kind: 'invalid-utf8' });
      return;
    }
    if (text.length === 0) return;
    endsWithCr = text.endsWith('\r');
    parser.feed(text);
  }
  function onEnd(): void {
    try {
      decoder.decode();
    } catch {
      end({ kind: 'invalid-utf8' });
      return;
    }
    // The parser holds a final CR back in case LF follows; at the end of the stream it ends its line.
    if (endsWithCr && !done) parser.feed('\n');
    end({ kind: 'end' });
  }
  function onError(error: NodeJS.ErrnoException): void {
    end({ kind: 'error', code: error.code ?? 'ERR_STREAM' });
  }
  function onClose(): void {
    end({ kind: 'error', code: 'ECONNRESET' });
  }

  body.on('data', onData);
  body.on('end', onEnd);
  body.on('error', onError);
  body.on('close', onClose);
  arm();
  return {
    ended,
    setIdle(ms) {
      if (done) return;
      idleMs = ms;
      arm();
    },
    stop() {
      end({ kind: 'stopped' });
    },
  };
}
