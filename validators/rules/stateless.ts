import { defineRules } from './rule.ts';

const SCHEMA_2026 = 'https://modelcontextprotocol.io/specification/2026-07-28/schema';
const PAGES_2026 = 'https://modelcontextprotocol.io/specification/2026-07-28';

/** Rules of the stateless 2026-07-28 revision: per-request `_meta`, result types, the input_required retry loop, discovery and listen streams. */
export const modernRules = defineRules('stateless', SCHEMA_2026, {
  'request-meta-missing': {
    text: 'Every client request carries params._meta with io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities.',
    keyword: 'MUST',
  },
  'request-meta-shape': {
    text: 'Request _meta keys have their schema types: protocolVersion a string, logLevel a LoggingLevel, progressToken a string or integer.',
    keyword: 'schema',
  },
  'client-info-missing': {
    keyword: 'SHOULD',
    text: 'A client request should carry io.modelcontextprotocol/clientInfo in params._meta.',
    severity: 'warning',
  },
  'protocol-version-unsupported': {
    keyword: 'SHOULD',
    text: 'A client should send a protocol version the server supports (its discovered supportedVersions, else the profile version).',
    severity: 'warning',
  },
  'unsupported-version-not-rejected': {
    text: 'A server answers a request whose protocol version it does not support with UnsupportedProtocolVersionError (-32022), never a result.',
    keyword: 'MUST',
  },
  'result-type': { text: 'A result carries resultType "complete" or "input_required".', keyword: 'MUST' },
  'cacheable-result': {
    text: 'A cacheable result (server/discover and the list and read results) carries ttlMs, an integer >= 0, and cacheScope "public" or "private".',
    keyword: 'schema',
  },
  'input-required-not-allowed': {
    text: 'Only tools/call, prompts/get and resources/read, whose params carry inputResponses and requestState, may answer input_required.',
    keyword: 'MUST',
  },
  'input-required-shape': {
    text: 'An input_required result carries inputRequests (key -> {method: elicitation/create | sampling/createMessage | roots/list, params}), requestState (a string), or both.',
    keyword: 'schema',
  },
  'input-responses-shape': {
    text: 'A retry carries inputResponses as an object of result objects and requestState as a string.',
    keyword: 'schema',
  },
  'retry-without-input-required': {
    text: 'inputResponses and requestState answer an input_required result: a request carrying them needs an unanswered input_required result of the same request.',
    keyword: 'MUST',
  },
  'retry-different-request': {
    text: 'A retry repeats the original request: the same method and the same tool name, prompt name or resource URI.',
    keyword: 'MUST',
  },
  'input-response-missing': { text: 'A retry answers every key of the input_required result\'s inputRequests.', keyword: 'MUST' },
  'input-response-unknown-key': {
    text: 'Retired: never raised. A retry may answer keys the input_required result did not name; the server "SHOULD ignore any information it does not recognize or need" (mrtr, Error Handling).',
    keyword: 'SHOULD',
    severity: 'warning',
    spec: `${PAGES_2026}/basic/patterns/mrtr#error-handling:~:text=the%20server%20SHOULD%20ignore%20any%20information%20it%20does%20not%20recognize%20or%20need`,
  },
  'request-state-not-echoed': { text: 'A retry echoes the requestState of the input_required result exactly (and sends none when none was given).', keyword: 'MUST' },
  'discover-result': {
    text: 'A server/discover result is {resultType, supportedVersions: string[], capabilities, instructions?: string, ttlMs, cacheScope, _meta?}.',
    keyword: 'schema',
  },
  'listen-params': {
    text: 'subscriptions/listen params carry notifications: {toolsListChanged?, promptsListChanged?, resourcesListChanged?: boolean, resourceSubscriptions?: string[]}.',
    keyword: 'schema',
  },
  'listen-result': {
    text: 'A subscriptions/listen result carries _meta["io.modelcontextprotocol/subscriptionId"] equal to the listen request id.',
    keyword: 'schema',
  },
  'acknowledged-params': {
    text: 'notifications/subscriptions/acknowledged params carry notifications (a subscription filter) and _meta["io.modelcontextprotocol/subscriptionId"].',
    keyword: 'schema',
  },
  'acknowledged-unknown-subscription': {
    text: 'notifications/subscriptions/acknowledged names the id of an open subscriptions/listen request.',
    keyword: 'MUST',
  },
  'acknowledged-not-requested': { text: 'A subscription is acknowledged only for notification types and resources the listen request asked for.', keyword: 'MUST' },
  'acknowledged-not-first': {
    text: 'notifications/subscriptions/acknowledged is the first message carrying its subscription id; it is sent once.',
    keyword: 'MUST',
  },
  'subscription-id-missing': {
    text: 'List-changed and resource-updated notifications are sent on a subscriptions/listen stream and carry _meta["io.modelcontextprotocol/subscriptionId"].',
    keyword: 'MUST',
  },
  'subscription-unknown': { text: 'A notification\'s subscriptionId names an open subscriptions/listen stream.', keyword: 'MUST' },
  'not-acknowledged': { text: 'No notification is sent on a subscription before notifications/subscriptions/acknowledged.', keyword: 'MUST' },
  'not-listened': { text: 'A server sends only notification types the acknowledged subscription includes.', keyword: 'MUST' },
  'resource-not-listened': { text: 'notifications/resources/updated is sent only for a URI in the subscription\'s resourceSubscriptions.', keyword: 'MUST' },
  'server-cancel-not-listen': {
    text: 'A server sends notifications/cancelled only to end a subscriptions/listen stream, naming its request id.',
    keyword: 'MUST',
  },
  'missing-capability-error': {
    text: 'A -32021 error carries data.requiredCapabilities, ClientCapabilities naming a capability the request did not declare.',
    keyword: 'MUST',
  },
  'unsupported-version-error': {
    text: 'A -32022 error carries data.supported (string[]) and data.requested, the protocol version the request sent.',
    keyword: 'MUST',
  },
  'discover-not-implemented': {
    text: 'A 2026-07-28 server implements server/discover: it does not answer it -32601 (method not found), neither while it answers other requests of the revision nor to a client that speaks 2026-07-28 alone.',
    keyword: 'MUST',
    spec: `${PAGES_2026}/server/discover#:~:text=Servers%20MUST%20implement%20it`,
  },
  'cache-scope-changed': {
    text: 'Every page of one list carries the cacheScope of the page whose nextCursor it was fetched with.',
    keyword: 'MUST',
    spec: `${PAGES_2026}/server/utilities/caching#interaction-with-pagination:~:text=Servers%20MUST%20apply%20the%20same%20cacheScope%20to%20all%20response%20pages`,
  },
  'relies-on-prior-request': {
    text: 'A 2026-07-28 server does not take a request\'s protocol version or capabilities from an earlier request on the same connection: a server/discover carrying its own _meta, sent after a request without one, is answered with a DiscoverResult (or a 2026-07-28 error), as it was before.',
    keyword: 'MUST NOT',
    spec: `${PAGES_2026}/basic/index#statelessness:~:text=Servers%20MUST%20NOT%20rely%20on%20prior%20requests%20over%20the%20same%20connection`,
  },
  'malformed-request-served': {
    text: 'A request missing a required _meta field (protocolVersion, clientCapabilities) is malformed: the server rejects it with -32602 (Invalid params), never a result or another code.',
    keyword: 'MUST',
    spec: `${PAGES_2026}/basic/index#meta:~:text=A%20request%20missing%20any%20required%20field%20is%20malformed`,
  },
  'legacy-error-code': {
    text: 'A 2026-07-28 implementation does not emit the codes of earlier revisions: -32002 (resource not found, now -32602) and -32042 (URL elicitation required).',
    keyword: 'MUST NOT',
    spec: `${PAGES_2026}/basic/index#error-codes:~:text=Implementations%20of%20this%20protocol%20version%20MUST%20NOT%20emit%20these%20codes`,
  },
  'traceparent': {
    text: 'A traceparent in _meta follows W3C Trace Context: version-traceid-parentid-flags in lowercase hex, version not ff, ids not all zeros.',
    keyword: 'MUST',
    spec: `${PAGES_2026}/basic/index#general-fields:~:text=When%20present%2C%20their%20values%20MUST%20follow`,
  },
  'meta-key': {
    text: 'A 2026-07-28 _meta key is an optional prefix (dot-separated labels, each starting with a letter and ending with a letter or digit, then a slash) and a name that, unless empty, begins and ends with an alphanumeric and holds only alphanumerics, hyphens, underscores and dots.',
    keyword: 'MUST',
    spec: `${PAGES_2026}/basic/index#meta:~:text=Labels%20MUST%20start%20with%20a%20letter%20and%20end%20with%20a%20letter%20or%20digit`,
  },
  'extension-id': {
    text: 'An extension identifier in capabilities.extensions follows the _meta key naming rules with a mandatory prefix (e.g. io.modelcontextprotocol/ui, com.example/feature).',
    keyword: 'MUST',
    spec: `${PAGES_2026}/basic/versioning#extension-negotiation:~:text=with%20a%20mandatory%20prefix`,
  },
  'reserved-error-code': {
    text: 'A 2026-07-28 implementation emits no error code in -32020 to -32099 that the specification does not define (it defines -32020, -32021 and -32022).',
    keyword: 'MUST NOT',
    spec: `${PAGES_2026}/basic/index#error-codes:~:text=Implementations%20MUST%20NOT%20emit%20any%20code%20from%20this%20sub%2Drange%20that%20is%20not%20defined%20by%20this%20specification`,
  },
  'retry-reused-id': {
    text: 'A retry of an input_required request has a JSON-RPC id different from the initial request\'s (and from every earlier attempt\'s).',
    keyword: 'MUST',
    spec: `${PAGES_2026}/basic/patterns/mrtr#client-requirements-basic-workflow:~:text=The%20JSON%2DRPC%20id%20MUST%20be%20different%20between%20the%20initial%20request%20and%20the%20retry`,
  },
  'log-without-level': { text: 'A server must not send notifications/message for a request whose _meta set no io.modelcontextprotocol/logLevel (no request in flight asked for logs).', keyword: 'MUST NOT' },
  'log-below-level': { text: 'A log message below the level the in-flight requests asked for.', severity: 'warning', keyword: 'tool' },
});
