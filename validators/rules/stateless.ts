import { defineRules } from './rule.ts';

const SCHEMA_2026 = 'https://modelcontextprotocol.io/specification/2026-07-28/schema';

/** Rules of the stateless 2026-07-28 revision: per-request `_meta`, result types, the input_required retry loop, discovery and listen streams. */
export const statelessRules = defineRules('stateless', SCHEMA_2026, {
  'request-meta-missing':
    'Every client request carries params._meta with io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities.',
  'request-meta-shape':
    'Request _meta keys have their schema types: protocolVersion a string, logLevel a LoggingLevel, progressToken a string or integer.',
  'client-info-missing': {
    text: 'A client request should carry io.modelcontextprotocol/clientInfo in params._meta.',
    severity: 'warning',
  },
  'protocol-version-unsupported': {
    text: 'A client should send a protocol version the server supports (its discovered supportedVersions, else the profile version).',
    severity: 'warning',
  },
  'unsupported-version-not-rejected':
    'A server answers a request whose protocol version it does not support with UnsupportedProtocolVersionError (-32022), never a result.',
  'result-type': 'A result carries resultType "complete" or "input_required".',
  'cacheable-result':
    'A cacheable result (server/discover and the list and read results) carries ttlMs, an integer >= 0, and cacheScope "public" or "private".',
  'input-required-not-allowed':
    'Only tools/call, prompts/get and resources/read, whose params carry inputResponses and requestState, may answer input_required.',
  'input-required-shape':
    'An input_required result carries inputRequests (key -> {method: elicitation/create | sampling/createMessage | roots/list, params}), requestState (a string), or both.',
  'input-responses-shape':
    'A retry carries inputResponses as an object of result objects and requestState as a string.',
  'retry-without-input-required':
    'inputResponses and requestState answer an input_required result: a request carrying them needs an unanswered input_required result of the same request.',
  'retry-different-request':
    'A retry repeats the original request: the same method and the same tool name, prompt name or resource URI.',
  'input-response-missing': 'A retry answers every key of the input_required result\'s inputRequests.',
  'input-response-unknown-key': 'A retry answers only keys the input_required result\'s inputRequests named.',
  'request-state-not-echoed': 'A retry echoes the requestState of the input_required result exactly (and sends none when none was given).',
  'discover-result':
    'A server/discover result is {resultType, supportedVersions: string[], capabilities, instructions?: string, ttlMs, cacheScope, _meta?}.',
  'listen-params':
    'subscriptions/listen params carry notifications: {toolsListChanged?, promptsListChanged?, resourcesListChanged?: boolean, resourceSubscriptions?: string[]}.',
  'listen-result':
    'A subscriptions/listen result carries _meta["io.modelcontextprotocol/subscriptionId"] equal to the listen request id.',
  'acknowledged-params':
    'notifications/subscriptions/acknowledged params carry notifications (a subscription filter) and _meta["io.modelcontextprotocol/subscriptionId"].',
  'acknowledged-unknown-subscription':
    'notifications/subscriptions/acknowledged names the id of an open subscriptions/listen request.',
  'acknowledged-not-requested': 'A subscription is acknowledged only for notification types and resources the listen request asked for.',
  'acknowledged-not-first':
    'notifications/subscriptions/acknowledged is the first message carrying its subscription id; it is sent once.',
  'subscription-id-missing':
    'List-changed and resource-updated notifications are sent on a subscriptions/listen stream and carry _meta["io.modelcontextprotocol/subscriptionId"].',
  'subscription-unknown': 'A notification\'s subscriptionId names an open subscriptions/listen stream.',
  'not-acknowledged': 'No notification is sent on a subscription before notifications/subscriptions/acknowledged.',
  'not-listened': 'A server sends only notification types the acknowledged subscription includes.',
  'resource-not-listened': 'notifications/resources/updated is sent only for a URI in the subscription\'s resourceSubscriptions.',
  'server-cancel-not-listen':
    'A server sends notifications/cancelled only to end a subscriptions/listen stream, naming its request id.',
  'missing-capability-error':
    'A -32021 error carries data.requiredCapabilities, ClientCapabilities naming a capability the request did not declare.',
  'unsupported-version-error':
    'A -32022 error carries data.supported (string[]) and data.requested, the protocol version the request sent.',
  'log-without-level': 'A server must not send notifications/message for a request whose _meta set no io.modelcontextprotocol/logLevel (no request in flight asked for logs).',
  'log-below-level': { text: 'A log message below the level the in-flight requests asked for.', severity: 'warning' },
});
