// Why: the sequence chart, its tooltips and the finding lists name each event the same short way:
// a request by its method and id, a response by its id and the method it answers, a transport
// event by what happened (HTTP status, stream, timeout, process exit).
import type { EventPlace } from '../trace/finding-evidence.ts';
import type { TraceEvent } from '../trace/trace-schema.ts';
import { ellipsis, visibleControls } from './output-text.ts';

const MAX_LABEL = 60;

/** A one-line label for an event, at most about 60 characters (the width between the chart's lifelines). */
export function eventLabel(event: TraceEvent, place: EventPlace): string {
  return ellipsis(visibleControls(fullLabel(event, place).replace(/\s+/g, ' ')), MAX_LABEL);
}

function fullLabel(event: TraceEvent, place: EventPlace): string {
  switch (event.kind) {
    case 'message': {
      const id = place.id === null ? '' : ` #${JSON.stringify(place.id)}`;
      const answers = place.method === null ? '' : ` (${place.method})`;
      switch (place.role) {
        case 'request':
          return `${place.method}${id}`;
        case 'notification':
          return place.method ?? 'notification';
        case 'result':
          return `result${id}${answers}`;
        case 'error':
          return `error${errorCode(event.message)}${id}${answers}`;
        default:
          if (Array.isArray(event.message)) return `batch of ${event.message.length}`;
          if (event.message === undefined) return `not JSON: ${event.text ?? ''}`;
          return 'not a JSON-RPC message';
      }
    }
    case 'http_request':
      return `HTTP ${event.method} (exchange ${event.exchange})`;
    case 'http_response':
      return `HTTP ${event.status} (exchange ${event.exchange})`;
    case 'stream':
      return `SSE stream ${event.action} (exchange ${event.exchange})${event.last_event_id === undefined ? '' : ` after event ${event.last_event_id}`}`;
    case 'timeout':
      return `timeout: ${event.operation} after ${event.limit_ms} ms`;
    case 'transport_error':
      return `transport error ${event.code}: ${event.detail}`;
    case 'process_exit': {
      const how = event.signal === null ? `code ${event.code ?? 'none'}` : `signal ${event.signal}`;
      return `process exit, ${how}${event.forced === 'none' ? '' : ` (after ${event.forced})`}`;
    }
    case 'stderr':
      return `stderr: ${event.text}${event.truncated ? ' (truncated)' : ''}`;
  }
}

function errorCode(message: unknown): string {
  const error = (message as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === 'number' ? ` ${error.code}` : '';
}
