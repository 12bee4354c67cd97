import * as v from 'valibot';
import entries from './allowlist.json' with { type: 'json' };

/** One transition no fixture can reach through a session, and why. */
export const AllowlistEntrySchema = v.strictObject({
  transition: v.pipe(v.string(), v.minLength(1)),
  reason: v.pipe(v.string(), v.minLength(1)),
});

/** The checked-in allowlist: unique transition ids, each with its reason. */
export const AllowlistSchema = v.pipe(
  v.array(AllowlistEntrySchema),
  v.check((list) => new Set(list.map((e) => e.transition)).size === list.length, 'Invalid allowlist: Expected unique transition ids but received a duplicate'),
);

/** One allowlist entry. */
export type AllowlistEntry = v.InferOutput<typeof AllowlistEntrySchema>;

/** The checked-in allowlist (`coverage/allowlist.json`), parsed; misuse (a malformed file) throws. */
export function loadAllowlist(): readonly AllowlistEntry[] {
  return v.parse(AllowlistSchema, entries);
}
