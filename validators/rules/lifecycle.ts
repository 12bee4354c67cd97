import { COURSE, defineRules, SPEC } from './rule.ts';

/** Initialize handshake rules. */
export const lifecycleRules = defineRules('lifecycle', SPEC.lifecycle, {
  'initialize-first': 'The initialize request must be the first interaction of a session.',
  'duplicate-initialize': 'initialize may be sent only once per session.',
  'initialized-out-of-order': 'notifications/initialized may be sent only after a successful initialize response.',
  'request-before-initialized': 'The client must send notifications/initialized before other requests.',
  'server-request-before-initialized': 'The server must not send requests before the client sent notifications/initialized.',
  'notification-before-initialized': 'No notification other than notifications/initialized may precede the end of the handshake.',
  'protocol-version-mismatch': 'The negotiated protocolVersion must be the revision the profile validates.',
  'initialize-failed': { text: 'The initialize request failed; the session cannot proceed (specification profiles: a warning, since the error itself is well formed).', severity: 'warning' },
  'initialize-error': {
    text: 'In the course profile an initialize request answered with an error fails the exchange: the session cannot enter operation.',
    spec: COURSE.initialize,
  },
  'ping-before-initialized': {
    text: 'In the course profile nothing but the initialize result and notifications/initialized may come before the handshake completes, not even ping (the specification allows ping there).',
    spec: COURSE.initialize,
  },
});
