// Why: past a bound the session forgets its oldest subscriptions or listed tools, and from then on
// leaves unjudged what rests on them (an update, an unknown tool name). No finding says so, since
// nothing is wrong with the peer; the user is told once, at the end, what was left out and why.
import type { Forgotten } from '../machines/session.ts';
import { SUBSCRIPTION_CHARS, SUBSCRIPTION_LIMIT } from '../machines/subscriptions.ts';
import { TOOLS_BYTES } from '../machines/session.ts';

const MIB = 1024 * 1024;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentence saying what a session forgot to stay within its bounds, or undefined when it forgot nothing. */
export function forgottenNotice(forgotten: Forgotten | undefined): string | undefined {
  if (forgotten === undefined) return undefined;
  const parts: string[] = [];
  if (forgotten.subscriptions > 0) {
    parts.push(`${count(forgotten.subscriptions, 'subscription', 'subscriptions')} forgotten past the checker's bound (${SUBSCRIPTION_LIMIT.toLocaleString('en-US')} subscriptions or ${SUBSCRIPTION_CHARS / MIB} Mi characters of URIs): messages about them are not judged`);
  }
  if (forgotten.tools > 0) {
    parts.push(`${count(forgotten.tools, 'listed tool', 'listed tools')} forgotten past the checker's bound (${TOOLS_BYTES / MIB} MiB of descriptors): calls naming them are not judged against them`);
  }
  return parts.length === 0 ? undefined : parts.join('; ');
}
