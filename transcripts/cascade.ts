// Why: one missing message can make every later line break the same rule (a capture without its
// handshake, an initialize never answered). Each such finding names that one cause, so people's
// output can show the cause once and count the rest instead of repeating it on every line. The
// causes are judge/cascade.ts's, in a transcript's words (places by line).
import { cascadeCauseIn, TRANSCRIPT_WORDS, type HandshakePlaces } from '../judge/cascade.ts';

/** Where the handshake of a transcript stands, by line. */
export type HandshakeLines = HandshakePlaces;

/** The cause of requests still pending where a transcript ends. */
export const ENDED = TRANSCRIPT_WORDS.ended;

/**
 * The earlier cause of a finding of `rule` raised while the lifecycle is in `lifecycle`, if the
 * finding is one a single missing message repeats on every later line; otherwise undefined.
 */
export function cascadeCause(rule: string, lifecycle: string, handshake: HandshakeLines): string | undefined {
  return cascadeCauseIn(TRANSCRIPT_WORDS, rule, lifecycle, handshake);
}
