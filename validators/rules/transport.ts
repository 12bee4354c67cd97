import { defineRules, SPEC } from './rule.ts';

const STDIO = `${SPEC.transports}#stdio`;
const JSONRPC_RESPONSE = `${SPEC.jsonrpc}#response_object`;
const PROGRESS = `${SPEC.basic}/utilities/progress`;

/**
 * Rules of the `transport` area: what only a live connection shows (framing on stdio, bytes that
 * are not UTF-8, requests left unanswered by a timeout or by the server ending the connection).
 * Each link points at the line of the transports page (or of JSON-RPC) it rests on.
 */
export const transportRules = defineRules('transport', SPEC.transports, {
  'not-utf8': {
    keyword: 'JSON-RPC',
    text: 'JSON-RPC messages must be UTF-8 encoded.',
    spec: `${SPEC.transports}#:~:text=JSON%2DRPC%20messages%20MUST%20be%20UTF%2D8%20encoded`,
  },
  'stdio-unterminated-message': {
    keyword: 'MUST',
    text: 'On stdio every message ends with a newline; the server\'s output ended in the middle of a line.',
    spec: `${STDIO}:~:text=Messages%20are%20delimited%20by%20newlines`,
  },
  'timeout': {
    keyword: 'JSON-RPC',
    text: 'A request must be answered; no response arrived within the time limit (--timeout).',
    spec: `${JSONRPC_RESPONSE}:~:text=the%20Server%20MUST%20reply%20with%20a%20Response`,
  },
  'message-flood': {
    keyword: 'SHOULD',
    severity: 'warning',
    text: 'A server should limit the rate of what it sends so that it does not flood its client; it sent 10,000 messages in a row without a response, and the check stopped reading its output.',
    spec: `${PROGRESS}#:~:text=${encodeURIComponent('SHOULD implement rate limiting to prevent flooding')}`,
  },
  'line-over-limit': {
    severity: 'warning',
    keyword: 'tool',
    text: 'The checker reads a message (a line on stdio) of at most 2,000,000 bytes; past a longer line check stops reading the server\'s output and the tap passes the line on unjudged, and what was not read is not judged (the specification sets no size limit, so this is a warning about the run, not a violation).',
    spec: `${STDIO}:~:text=Messages%20are%20delimited%20by%20newlines`,
  },
  'event-over-limit': {
    severity: 'warning',
    keyword: 'tool',
    text: 'The checker reads an SSE event of at most 2,000,000 bytes (the message limit); past a longer one it closes the stream, and the request the stream answers is not judged further (the specification sets no size limit, so this is a warning about the run, not a violation).',
    spec: `${SPEC.transports}#streamable-http`,
  },
  'body-over-limit': {
    severity: 'warning',
    keyword: 'tool',
    text: 'The checker reads a JSON body of at most 2,000,000 bytes (the message limit), after its content coding is undone; past a longer one (or one announced longer) check closes the connection and the tap passes the body on unjudged, and what it carried is not judged (the specification sets no size limit, so this is a warning about the run, not a violation).',
    spec: `${SPEC.transports}#streamable-http`,
  },
  'closed-with-pending-requests': {
    keyword: 'JSON-RPC',
    text: 'A request must be answered; the server ended the connection with requests still unanswered.',
    spec: `${JSONRPC_RESPONSE}:~:text=the%20Server%20MUST%20reply%20with%20a%20Response`,
  },
});
