import { defineRules } from './rule.ts';

const PROGRESS = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress';

/** Progress notification rules: tokens of requests in flight, sent back by the receiver, increasing. */
export const progressRules = defineRules('progress', PROGRESS, {
  'params': { text: 'notifications/progress params must be {progressToken, progress, total?, message?, _meta?}: a string or integer token and numeric progress and total.', keyword: 'schema' },
  'invalid-token': { text: 'A request\'s _meta.progressToken must be a string or an integer.', keyword: 'schema' },
  'duplicate-token': { text: 'A progress token must be unique across the sender\'s active requests.', keyword: 'MUST' },
  'unknown-token': { text: 'notifications/progress must name the progress token of an active request.', keyword: 'MUST' },
  'wrong-sender': { text: 'Progress is reported by the receiver of the request, not by the side that sent it.', keyword: 'MUST' },
  'after-completion': { text: 'Progress notifications must stop once the request is answered (a task-augmented request: once its task is terminal).', keyword: 'MUST' },
  'not-increasing': { text: 'The progress value must increase with each notification, even if the total is unknown.', keyword: 'MUST' },
  'exceeds-total': { text: 'Progress should not exceed the total, when the total is known.', severity: 'warning', keyword: 'SHOULD NOT' },
});
