import { defineRules } from './rule.ts';

const CANCELLATION = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/cancellation';

/** Cancellation rules: notifications/cancelled names an in-flight request of its own sender. */
export const cancellationRules = defineRules('cancellation', CANCELLATION, {
  'params': { text: 'notifications/cancelled params must be {requestId, reason?, _meta?} with a string or integer requestId and a string reason.', keyword: 'schema' },
  'missing-request-id': { text: 'requestId must be provided when cancelling a request; a task is cancelled with tasks/cancel instead.', keyword: 'MUST' },
  'unknown-request': { text: 'A cancellation must name a request previously issued in the same direction.', keyword: 'MUST' },
  'not-in-flight': { text: 'A cancellation should name a request that is still in flight, not one already answered or cancelled.', severity: 'warning', keyword: 'SHOULD' },
  'initialize': { text: 'The client must not cancel its initialize request.', keyword: 'MUST NOT' },
  'task-augmented': { text: 'A task-augmented request must be cancelled with tasks/cancel, not notifications/cancelled.', keyword: 'MUST' },
});
