import { COURSE, defineRules, SPEC } from './rule.ts';

/** Initialize handshake rules. */
export const lifecycleRules = defineRules('lifecycle', SPEC.lifecycle, {
  'initialize-first': { text: 'The initialize request must be the first interaction of a session.', keyword: 'MUST' },
  'duplicate-initialize': { text: 'initialize may be sent only once per session.', keyword: 'MUST' },
  'initialized-missing': {
    text: 'After a successful initialize response the client must send notifications/initialized; the session ended, or the time limit (--timeout) passed, without it.',
    keyword: 'MUST',
    spec: `${SPEC.lifecycle}#initialization:~:text=After%20successful%20initialization%2C%20the%20client%20MUST%20send%20an%20initialized%20notification`,
  },
  'exercise-timeout': {
    keyword: 'SHOULD',
    severity: 'warning',
    text: 'A tool call the exercise sent got no answer within --timeout: the checker stopped waiting and cancelled it, as a sender should; no page sets a time a tool must answer in, so this is the checker\'s own stop, not a fault of the server.',
    spec: `${SPEC.lifecycle}#timeouts:~:text=${encodeURIComponent('Implementations SHOULD establish timeouts for all sent requests')}`,
  },
  'initialized-out-of-order': { text: 'notifications/initialized may be sent only after a successful initialize response.', keyword: 'MUST' },
  'request-before-initialized': {
    text: 'In the course profile the client sends notifications/initialized before any request but initialize (the specification only asks the client not to send requests before the initialize result: lifecycle/request-before-initialize-result).',
    spec: COURSE.initialize,
    keyword: 'course',
  },
  'server-request-before-initialized': {
    text: 'In the course profile the server sends no request before the client sent notifications/initialized (the specification: lifecycle/server-request-early, a SHOULD NOT).',
    spec: COURSE.initialize,
    keyword: 'course',
  },
  'notification-before-initialized': {
    text: 'In the course profile no notification other than notifications/initialized may precede the end of the handshake (the specification forbids none there).',
    spec: COURSE.initialize,
    keyword: 'course',
  },
  'request-before-initialize-result': {
    severity: 'warning',
    keyword: 'SHOULD NOT',
    text: 'The client should not send requests other than pings before the server has responded to the initialize request.',
    spec: `${SPEC.lifecycle}#initialization:~:text=The%20client%20SHOULD%20NOT%20send%20requests%20other%20than`,
  },
  'server-request-early': {
    severity: 'warning',
    keyword: 'SHOULD NOT',
    text: 'The server should not send requests other than pings and logging before receiving the initialized notification.',
    spec: `${SPEC.lifecycle}#initialization:~:text=The%20server%20SHOULD%20NOT%20send%20requests%20other%20than`,
  },
  'protocol-version-mismatch': { text: 'The negotiated protocolVersion must be the revision the profile validates.', keyword: 'MUST' },
  'initialize-failed': { text: 'The initialize request failed; the session cannot proceed (specification profiles: a warning, since the error itself is well formed).', severity: 'warning', keyword: 'tool' },
  'initialize-error': {
    keyword: 'course',
    text: 'In the course profile an initialize request answered with an error fails the exchange: the session cannot enter operation.',
    spec: COURSE.initialize,
  },
  'ping-before-initialized': {
    keyword: 'course',
    text: 'In the course profile nothing but the initialize result and notifications/initialized may come before the handshake completes, not even ping (the specification allows ping there).',
    spec: COURSE.initialize,
  },
});
