import { COURSE, defineRules, SPEC } from './rule.ts';

/** Request and response correlation rules, keyed by sending direction, id type and id value. */
export const correlationRules = defineRules('correlation', SPEC.basic, {
  'duplicate-outstanding-id': { text: 'A sender must not reuse a request id while an earlier request with that id is unanswered.', keyword: 'MUST NOT' },
  'no-matching-request': { text: 'A response must answer an outstanding request sent in the opposite direction with the same id.', keyword: 'MUST' },
  'ping-unanswered': {
    keyword: 'MUST',
    text: 'A ping is answered promptly with an empty result: a receiver that sends other messages after a ping and never answers it breaks that.',
    spec: `${SPEC.basic}/utilities/ping#behavior-requirements:~:text=The%20receiver%20MUST%20respond%20promptly`,
  },
  'unanswered-request': {
    keyword: 'SHOULD',
    text: 'Every request should be answered (or cancelled after a timeout); a request still unanswered where a transcript ends is reported, since the capture may have been cut short.',
    severity: 'warning',
    spec: `${SPEC.lifecycle}#timeouts`,
  },
  'id-reused': { text: 'A request id must not have been used before by the same requestor within the session (specification profiles; the course profile only forbids outstanding duplicates).', keyword: 'MUST NOT' },
  'pending-limit': {
    keyword: 'course',
    text: 'At most 1024 requests of one sender may be unanswered at once; a request beyond that is rejected before creating pending state (course profile).',
    spec: COURSE.envelope,
  },
  'unanswered-requests': {
    keyword: 'SHOULD',
    text: 'Senders should time out their requests rather than leave them unanswered; past 1024 unanswered requests of one sender the oldest is no longer tracked (specification profiles).',
    severity: 'warning',
    spec: `${SPEC.lifecycle}#timeouts`,
  },
  'pending-bytes-limit': {
    keyword: 'tool',
    text: 'The checker keeps the params of one sender\'s unanswered requests within 16 MiB; past that the oldest is no longer tracked, and its answer is judged by its result\'s shape alone (a limit of the checker, not a violation).',
    severity: 'warning',
    spec: `${SPEC.lifecycle}#timeouts`,
  },
});
