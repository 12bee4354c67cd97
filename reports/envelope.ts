// Why: every command's --json output is read by the same scripts and CI steps, so it comes in one
// envelope (docs/envelope.md, docs/envelope.schema.json): `status` in the words the exit code
// means (pass: 0, fail: 1, error: 2), profiles by the ids `--profile` takes, keys sorted, no
// timestamps. Commands build their documents as they like; this is the one way they are printed.
import { canonicalJson } from '../trace/canonical-json.ts';
import { PROFILES } from '../validators/profiles.ts';

/** The envelope's status words, by exit code: 0 pass, 1 fail, 2 error. */
export const ENVELOPE_STATUSES = ['pass', 'fail', 'error'] as const;

/** An envelope status word. */
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

/** The words commands use inside, as the envelope says them. */
const STATUS_WORDS: Readonly<Record<string, EnvelopeStatus>> = {
  ok: 'pass', pass: 'pass', failed: 'fail', fail: 'fail', gaps: 'fail', error: 'error',
};

const ID_OF_NAME = new Map([...PROFILES.values()].map((p) => [p.name, p.id]));

/** A profile as the envelope names it: its id (`2025-11-25`, `course`); several, comma-separated, each by id. */
export function profileId(profile: string): string {
  return profile.split(',').map((p) => ID_OF_NAME.get(p) ?? p).join(',');
}

/** The status word of a document's own status. */
export function envelopeStatus(status: string): EnvelopeStatus {
  const word = STATUS_WORDS[status];
  if (word === undefined) throw new TypeError(`no envelope status for ${JSON.stringify(status)}`);
  return word;
}

/** A command's JSON document in the envelope: status and profile in its words, canonical text (sorted keys), two-space indented. */
export function envelopeText(document: Record<string, unknown>): string {
  const out: Record<string, unknown> = { ...document };
  if (typeof out['status'] === 'string') out['status'] = envelopeStatus(out['status']);
  if (typeof out['profile'] === 'string') out['profile'] = profileId(out['profile']);
  return canonicalJson(out, 2);
}
