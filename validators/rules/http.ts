import { defineRules, SPEC } from './rule.ts';

/** A link to the sentence of the transports page a rule rests on (a section anchor and a text fragment). */
function line(section: string, text: string): string {
  return `${SPEC.transports}#${section}:~:text=${encodeURIComponent(text).replace(/-/g, '%2D')}`;
}

/** A link to a sentence of the 2026-07-28 Streamable HTTP page (the stateless revision's own statuses). */
function modernLine(section: string, text: string): string {
  return `https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#${section}:~:text=${encodeURIComponent(text).replace(/-/g, '%2D')}`;
}

const SSE_INTERPRETATION = 'https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation';

/** Streamable HTTP transport rules: what the server's HTTP answers, session ids and SSE streams must do. */
export const httpRules = defineRules('http', SPEC.transports, {
  'header-validation-not-400': {
    keyword: 'MUST',
    text: 'In 2026-07-28, a request whose mirrored header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) does not match its body, or lacks a required one (Mcp-Method, Mcp-Name), must be rejected with HTTP 400 Bad Request.',
    spec: modernLine('server-validation', 'servers MUST return HTTP status 400 Bad Request'),
  },
  'encoded-name-refused': {
    keyword: 'MUST',
    text: 'In 2026-07-28, an Mcp-Name header in the Base64 sentinel form (=?base64?...?=) is decoded before it is compared with the body: a request whose decoded Mcp-Name matches its params.name or params.uri is not refused with -32020 (HeaderMismatch).',
    spec: modernLine('value-encoding', 'servers MUST decode an encoded Mcp-Name or Mcp-Param-{Name} value before comparing it'),
  },
  'unsupported-version-not-400': {
    keyword: 'MUST',
    text: 'In 2026-07-28, a request in a protocol version the server does not implement must be answered with HTTP 400 Bad Request and an UnsupportedProtocolVersionError.',
    spec: modernLine('protocol-version-header', 'it MUST respond with 400 Bad Request and an'),
  },
  'unknown-method-not-404': {
    keyword: 'MUST',
    text: 'In 2026-07-28, a request for an RPC method the server does not implement must be answered with HTTP 404 Not Found and a JSON-RPC error -32601.',
    spec: modernLine('protocol-version-header', 'it MUST respond with 404 Not Found'),
  },
  'malformed-request-not-400': {
    keyword: 'MUST',
    text: 'In 2026-07-28 over HTTP, a request missing a required _meta field (protocolVersion, clientCapabilities), refused -32602 (Invalid params), must be answered with HTTP 400 Bad Request.',
    spec: `https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta:~:text=${encodeURIComponent('A request missing any required field is malformed')}`,
  },
  'missing-capability-not-400': {
    keyword: 'MUST',
    text: 'In 2026-07-28 over HTTP, a MissingRequiredClientCapabilityError (-32021) must be answered with HTTP 400 Bad Request.',
    spec: `https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta:~:text=${encodeURIComponent('If processing a request requires a capability the client did not include')}`,
  },
  'error-status': {
    keyword: 'MUST',
    text: 'A POST carrying a request must be answered with a JSON or SSE answer, and one carrying a notification or response with 202; the server answered with an HTTP error status.',
    spec: line('sending-messages-to-the-server', 'the server MUST either return'),
  },
  'client-accept': {
    keyword: 'MUST',
    text: 'A client lists both application/json and text/event-stream in the Accept header of a POST, and text/event-stream in that of a GET.',
    spec: line('sending-messages-to-the-server', 'The client MUST include an Accept header, listing both application/json and text/event-stream'),
  },
  'client-session-id-missing': {
    keyword: 'MUST',
    text: 'Once the server gave a session id with its initialize result, the client sends it in the MCP-Session-Id header of every later request.',
    spec: line('session-management', 'MUST include it in the MCP-Session-Id header on all of their subsequent HTTP requests'),
  },
  'client-protocol-version-missing': {
    keyword: 'MUST',
    text: 'A client sends the MCP-Protocol-Version header on every request after initialization (in 2026-07-28: on every POST).',
    spec: line('protocol-version-header', 'the client MUST include the MCP-Protocol-Version'),
  },
  'client-protocol-version-mismatch': {
    keyword: 'MUST',
    text: 'In 2026-07-28 the MCP-Protocol-Version header of a POST matches the io.modelcontextprotocol/protocolVersion of the request\'s _meta.',
    spec: modernLine('protocol-version-header', 'The header value MUST match the io.modelcontextprotocol/protocolVersion field'),
  },
  'client-param-header': {
    keyword: 'MUST',
    text: 'In 2026-07-28 a tools/call POST carries an Mcp-Param-{Name} header for each x-mcp-header parameter of the tool\'s listed inputSchema that has a value in the arguments, mirroring that value (Base64-sentinel encoded when not plain ASCII).',
    spec: modernLine('custom-headers-from-tool-parameters', 'conforming clients MUST mirror the designated parameter values into HTTP headers'),
  },
  'client-invalid-tool-called': {
    keyword: 'MUST',
    text: 'In 2026-07-28 a Streamable HTTP client rejects a tool whose x-mcp-header annotation breaks the page\'s constraints: it excludes it from tools/list, so it never calls it.',
    spec: modernLine('schema-extension', 'Clients using the Streamable HTTP transport MUST reject tool definitions'),
  },
  'client-method-header': {
    keyword: 'REQUIRED',
    text: 'In 2026-07-28 every request POST carries Mcp-Method with the request\'s method, and a tools/call, resources/read or prompts/get one Mcp-Name with its name or URI (Base64-sentinel encoded when not plain ASCII).',
    spec: modernLine('standard-request-headers', 'These headers are REQUIRED for compliance'),
  },
  'redirect': {
    keyword: 'tool',
    severity: 'warning',
    text: 'The endpoint answered with a redirect to the same origin, which the checker does not follow: what lies behind it was not checked (no line forbids a redirect).',
    spec: line('streamable-http', 'single HTTP endpoint path'),
  },
  'redirect-other-origin': {
    keyword: 'tool',
    severity: 'warning',
    text: 'The endpoint answered with a redirect to another origin, which the checker never follows (the session id and credentials stay with the origin the user named): what lies behind it was not checked (no line forbids a redirect).',
    spec: line('streamable-http', 'single HTTP endpoint path'),
  },
  'timeout': {
    keyword: 'JSON-RPC',
    text: 'The server must answer within the configured time: the response head, a JSON body, or the next event of a stream awaiting its response.',
    spec: line('sending-messages-to-the-server', 'the server MUST either return'),
  },
  'connection-lost': {
    keyword: 'MUST',
    text: 'The server must complete its answer; the connection failed before it did.',
    spec: line('sending-messages-to-the-server', 'the server MUST either return'),
  },
  'response-content-type': {
    keyword: 'MUST',
    text: 'A POST carrying a request must be answered with Content-Type application/json or text/event-stream.',
    spec: line('sending-messages-to-the-server', 'Content-Type: text/event-stream'),
  },
  'accepted-not-202': {
    keyword: 'MUST',
    text: 'A POST carrying a notification or response that the server accepts must be answered with 202 Accepted and no body.',
    spec: line('sending-messages-to-the-server', 'return HTTP status code 202'),
  },
  'session-id-without-initialize-result': {
    keyword: 'tool',
    severity: 'warning',
    text: 'A session id is assigned on the HTTP response containing the InitializeResult; one offered anywhere else is not kept.',
    spec: line('session-management', 'on the HTTP response containing the'),
  },
  'session-id-visible-ascii': {
    keyword: 'MUST',
    text: 'A session id must contain only visible ASCII characters (0x21 to 0x7E).',
    spec: line('session-management', 'only contain visible ASCII characters'),
  },
  'session-required-not-issued': {
    keyword: 'MUST',
    text: 'A server may require a session id only when it issued one with the InitializeResult; it refused a request for lacking one it never issued.',
    spec: line('session-management', 'If an MCP-Session-Id is returned by the server during initialization'),
  },
  'terminated-session-not-404': {
    keyword: 'MUST',
    text: 'After a session is terminated, the server must answer requests carrying its session id with HTTP 404 Not Found.',
    spec: line('session-management', 'with HTTP 404 Not Found'),
  },
  'get-stream-answer': {
    keyword: 'MUST',
    text: 'A GET to the MCP endpoint must be answered with Content-Type text/event-stream or HTTP 405 Method Not Allowed.',
    spec: line('listening-for-messages-from-the-server', 'return HTTP 405 Method Not Allowed'),
  },
  'response-on-get-stream': {
    keyword: 'JSON-RPC',
    text: 'The server must not send a JSON-RPC response on a GET stream unless it is resuming a stream of an earlier request.',
    spec: line('listening-for-messages-from-the-server', 'send a JSON-RPC response on the stream'),
  },
  'event-id-reused': {
    keyword: 'MUST',
    text: 'An SSE event id must be unique across all streams of the session.',
    spec: line('resumability-and-redelivery', 'globally unique across all streams'),
  },
  'origin-accepted': {
    keyword: 'MUST',
    text: 'The server must validate the Origin header: a loopback server must refuse a request from a foreign Origin.',
    spec: line('security-warning', 'validate the Origin header'),
  },
  'origin-not-403': {
    keyword: 'MUST',
    text: 'A request with an invalid Origin must be refused with HTTP 403 Forbidden (since 2025-11-25).',
    spec: line('security-warning', 'respond with HTTP 403 Forbidden'),
  },
  'sse-priming-event': {
    keyword: 'SHOULD',
    severity: 'warning',
    text: 'An SSE answer should begin with an event carrying an event id and an empty data field (since 2025-11-25).',
    spec: line('sending-messages-to-the-server', 'immediately send an SSE event consisting of an event'),
  },
  'stream-closed-before-response': {
    keyword: 'JSON-RPC',
    text: 'The server must reply to every request; the SSE stream answering one ended without the response and could not be resumed (no event id, or resumption refused), so it is never answered.',
    spec: `${SPEC.jsonrpc}#response_object:~:text=${encodeURIComponent('the Server MUST reply with a Response')}`,
  },
  'stream-not-terminated': {
    keyword: 'SHOULD',
    severity: 'warning',
    text: 'After the JSON-RPC response has been sent, the server should terminate the SSE stream.',
    spec: line('sending-messages-to-the-server', 'After the JSON-RPC response has been sent'),
  },
  'stream-limit': {
    keyword: 'SHOULD',
    severity: 'warning',
    text: 'The SSE stream answering a request should include its response; the check stops reading one after a bounded number of messages (10,000 unless configured) without it.',
    spec: line('sending-messages-to-the-server', 'SHOULD eventually include a JSON-RPC response'),
  },
  'sse-ignored-field': {
    keyword: 'SHOULD',
    severity: 'warning',
    text: 'Every line of an SSE stream should be a data, event, id or retry field or a comment; clients ignore any other line and lose what it carried.',
    spec: SSE_INTERPRETATION,
  },
  'content-encoding-invalid': {
    keyword: 'RFC',
    text: 'A body must be coded as its Content-Encoding says: the codings it names are the decoding that has to be applied to obtain the media type of its Content-Type (RFC 9110, section 8.4); the body does not decode so.',
    spec: 'https://www.rfc-editor.org/rfc/rfc9110#section-8.4',
  },
  'message-after-cancel': {
    keyword: 'MUST NOT',
    text: 'Closing the SSE response stream of a request cancels it: the server must send no further message for that request, so its response on another stream (a listen stream, another request\'s) is one it must not send.',
    spec: modernLine('cancellation', 'MUST NOT send any further messages for it'),
  },
});
