import { defineRules, SPEC } from './rule.ts';

/**
 * Rules of the `probe` area: how a server answers the deliberately wrong or marked requests of a
 * live run (a method it cannot know, params that break the method's schema, a request before the
 * handshake ended, a request carrying a marker its answer must echo), and how a client answers the
 * judging server's request for a capability it did not declare.
 */
export const probeRules = defineRules('probe', SPEC.jsonrpc, {
  'unknown-method-code': {
    keyword: 'JSON-RPC',
    text: 'A request for a method the server does not know must be answered with error -32601 (Method not found).',
    spec: `${SPEC.jsonrpc}#error_object:~:text=%2D32601`,
  },
  'invalid-params-code': {
    keyword: 'SHOULD',
    text: 'A request whose params break the method\'s schema (here an invalid cursor) should be answered with error -32602 (Invalid params).',
    severity: 'warning',
    spec: `${SPEC.pagination}#error-handling:~:text=Invalid%20cursors%20SHOULD%20result%20in%20an%20error%20with%20code%20%2D32602`,
  },
  'unsupported-version-code': {
    keyword: 'MUST',
    text: 'A request in a protocol version the server does not implement (here 1900-01-01, in _meta) must be answered with UnsupportedProtocolVersionError (-32022) listing the versions it supports.',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning#protocol-version-negotiation:~:text=it%20MUST%20respond%20with%20an',
  },
  'unknown-resource-code': {
    keyword: 'MUST',
    text: 'A resources/read of a URI no resource has (here x-mcp-statechart-absent:///probe) must be answered with JSON-RPC error -32602 (Invalid Params), never a result (an empty contents array included).',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling:~:text=servers%20MUST%20return%20a%20JSON%2DRPC%20error',
  },
  'invalid-log-level-code': {
    keyword: 'SHOULD',
    severity: 'warning',
    text: 'A request whose _meta io.modelcontextprotocol/logLevel is not a recognized log level (here "verbose") should be rejected with JSON-RPC error -32602 (Invalid params).',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/logging#error-handling:~:text=the%20server%20SHOULD%20reject%20that',
  },
  'header-validation-code': {
    keyword: 'MUST',
    text: 'A Streamable HTTP request whose mirrored header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) does not match its body, or (Mcp-Method, Mcp-Name) is missing, must be rejected with a JSON-RPC error -32020 (HeaderMismatch).',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#server-validation:~:text=MUST%20include%20a%20JSON%2DRPC%20error',
  },
  'duplicate-id-unanswered': {
    severity: 'warning',
    keyword: 'probe',
    text: 'Robustness probe: the checker sent two requests with one id at once, which a client MUST NOT do; the server answered one of them and not the other. No requirement binds a server to answer both, so this says how it copes, not that it is wrong.',
    spec: `${SPEC.basic}#requests:~:text=The%20request%20ID%20MUST%20NOT%20have%20been%20previously%20used`,
  },
  'answer-to-reused-id': {
    severity: 'warning',
    keyword: 'probe',
    text: 'Robustness probe: the checker sent a request with an id it had used before (twice at once, or once answered), which a client MUST NOT do, and the server answered it with another request\'s marker; it cannot be held to tell such requests apart.',
    spec: `${SPEC.basic}#requests:~:text=The%20request%20ID%20MUST%20NOT%20have%20been%20previously%20used`,
  },
  'undeclared-capability-answer': {
    severity: 'warning',
    keyword: 'SHOULD',
    text: 'A client that does not support roots should answer roots/list with error -32601 (Method not found); the judging server asked a client that did not declare roots (a robustness probe of check-client and serve).',
    spec: `${SPEC.roots}#error-handling:~:text=Clients%20SHOULD%20return%20standard%20JSON%2DRPC%20errors`,
  },
  'invalid-arguments-accepted': {
    severity: 'warning',
    keyword: 'probe',
    text: 'Robustness probe: the checker called a tool with arguments its own inputSchema refuses (a required member left out, a wrong type, a value below its minimum or outside its enum, an unknown member where additionalProperties is false) and the server answered a plain result. Servers MUST validate all tool inputs, and the tools page reports invalid arguments as a JSON-RPC error or a result with isError: true; a server may coerce or ignore what it validates leniently, so this is a warning, not a violation.',
    spec: `${SPEC.tools}#security-considerations:~:text=Validate%20all%20tool%20inputs`,
  },
  'answer-of-another-request': {
    keyword: 'JSON-RPC',
    text: 'A response must answer the request with its id: a result carrying the marker of another request (echoed by the server\'s echo tool) and not its own answers the wrong request.',
    spec: `${SPEC.jsonrpc}#response_object:~:text=It%20MUST%20be%20the%20same%20as%20the%20value%20of%20the%20id%20member%20in%20the%20Request%20Object`,
  },
});
