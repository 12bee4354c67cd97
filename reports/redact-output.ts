// Why: a trace was redacted when it was written, but a report may be made later, elsewhere, from a
// trace that an older build or a person wrote. So the writers redact again at the output boundary:
// the values of this process's secret-looking environment variables (a CI job's token is there
// when `report` runs), and string values under secret-looking keys, wherever they appear.
import { wellFormed } from './output-text.ts';

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/** Environment variable names whose values are treated as secrets. */
export const SECRET_NAME = /token|secret|key|password|credential|auth/i;

/** Values shorter than this are not treated as secrets (flags such as `1` or `true` would blank out reports). */
export const MIN_SECRET_LENGTH = 8;

/** Keys whose string values are secrets wherever they appear (headers, arguments, results). */
export const SECRET_KEY = /secret|password|passwd|credential|token|api[-_]?key|private[-_]?key|authorization|cookie/i;

/** Protocol members that match SECRET_KEY but carry no secret. */
const PROTOCOL_KEYS = new Set(['progressToken', 'maxTokens']);

/** The values of the secret-looking environment variables, longest first. */
export function secretValues(env: NodeJS.ProcessEnv = process.env): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.length >= MIN_SECRET_LENGTH && SECRET_NAME.test(name)) out.add(value);
  }
  return [...out].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** Replaces every occurrence of a secret in a string, and makes the string well-formed Unicode. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return wellFormed(out);
}

/** A copy of a JSON value with every string (and key) redacted, and string values under secret-looking keys replaced. */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, member] of Object.entries(value)) {
    const secretKey = typeof member === 'string' && SECRET_KEY.test(key) && !PROTOCOL_KEYS.has(key) && member !== REDACTED;
    out[redactText(key, secrets)] = secretKey ? REDACTED : redactValue(member, secrets);
  }
  return out;
}
