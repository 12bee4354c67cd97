// Why: one missing message can make every later line break the same rule (a capture without its
// handshake, an initialize never answered). Each such finding names that one cause, so people's
// output can show the cause once and count the rest instead of repeating it on every line.

/** Where the handshake of a transcript stands, by line. */
export interface HandshakeLines {
  /** The line of the last accepted initialize request. */
  readonly initialize: number | undefined;
  /** The line of the result that answered it. */
  readonly answered: number | undefined;
  /** The line of the error response that failed it. */
  readonly failed: number | undefined;
  /** The header said the capture starts mid-session (`setup: ready`). */
  readonly setup: boolean;
}

/** The cause of requests still pending where a transcript ends. */
export const ENDED = 'the transcript ended (a capture may have been cut short)';

const NO_HANDSHAKE = 'the transcript has no initialize handshake; if the capture starts mid-session, a header with "setup": "ready" says so';

const BEFORE_INITIALIZED = new Set([
  'lifecycle/request-before-initialized',
  'lifecycle/server-request-before-initialized',
  'lifecycle/notification-before-initialized',
  'lifecycle/initialized-out-of-order',
  'lifecycle/request-before-initialize-result',
  'lifecycle/server-request-early',
]);

/**
 * The earlier cause of a finding of `rule` raised while the lifecycle is in `lifecycle`, if the
 * finding is one a single missing message repeats on every later line; otherwise undefined.
 */
export function cascadeCause(rule: string, lifecycle: string, handshake: HandshakeLines): string | undefined {
  if (rule === 'correlation/unanswered-request') return ENDED;
  if (lifecycle === 'new' && (rule === 'lifecycle/initialize-first' || rule === 'correlation/no-matching-request')) {
    if (handshake.failed !== undefined) {
      return `the initialize request on line ${handshake.initialize ?? '?'} failed (error response on line ${handshake.failed}); nothing else is accepted before a new one succeeds`;
    }
    if (handshake.initialize === undefined && !handshake.setup) return NO_HANDSHAKE;
    return undefined;
  }
  if (!BEFORE_INITIALIZED.has(rule)) return undefined;
  if (lifecycle === 'waiting_for_initialize_response') return `the initialize request on line ${handshake.initialize ?? '?'} has not been answered`;
  if (lifecycle === 'waiting_for_initialized_notification') {
    return `the client has not sent notifications/initialized since the initialize result on line ${handshake.answered ?? '?'}`;
  }
  return undefined;
}
