// Why: every command's --json output is read by the same scripts and CI steps, so it comes in one
// envelope (docs/envelope.md, docs/envelope.schema.json): `status` in the words the exit code
// means (pass: 0, fail: 1, error: 2), profiles by the ids `--profile` takes, findings of one shape
// (each with the keyword its rule rests on), keys sorted, no timestamps. Commands build their
// documents as they like; this is the one way they are printed.
import { canonicalJson } from '../trace/canonical-json.ts';
import type { FindingTarget } from '../validators/finding-target.ts';
import { PROFILES } from '../validators/profiles.ts';
import { RULES } from '../validators/rules/index.ts';
import type { Keyword } from '../validators/rules/rule.ts';

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

/** A finding as a command holds it, before it is printed. */
export interface FindingFields {
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly pointer: string;
  /** The 0-based index of the trace event it rests on (null: the run as a whole). */
  readonly event?: number | null | undefined;
  /** The 1-based line of the transcript it rests on. */
  readonly line?: number | undefined;
  /** The message's label (`tools/call`, `tools/call result`); null or absent when none applies. */
  readonly method?: string | null | undefined;
  readonly target?: FindingTarget | undefined;
}

/** The keyword the rule rests on, from the registry (null: a rule this build does not know, from a later build's trace). */
export function keywordOf(rule: string): Keyword | null {
  return RULES.get(rule)?.keyword ?? null;
}

/**
 * A finding in the envelope's one shape: rule, severity, keyword, message, pointer, its place
 * (`event` or `line`), and `method` and `target` where they apply; the command's own members
 * (a report's `spec`, `direction`, `expected`; a transcript's `cause`) are kept.
 */
export function envelopeFinding<T extends FindingFields>(f: T): Omit<T, 'method'> & { keyword: Keyword | null; method?: string } {
  const { method, ...rest } = f;
  return { ...rest, keyword: keywordOf(f.rule), ...(method === null || method === undefined ? {} : { method }) };
}

function isFinding(value: unknown): value is FindingFields {
  return typeof value === 'object' && value !== null && typeof (value as { rule?: unknown }).rule === 'string' && typeof (value as { severity?: unknown }).severity === 'string';
}

/** A command's JSON document in the envelope: status and profile in its words, findings in the one shape, canonical text (sorted keys), two-space indented. */
export function envelopeText(document: Record<string, unknown>): string {
  const out: Record<string, unknown> = { ...document };
  if (typeof out['status'] === 'string') out['status'] = envelopeStatus(out['status']);
  if (typeof out['profile'] === 'string') out['profile'] = profileId(out['profile']);
  if (Array.isArray(out['findings'])) out['findings'] = out['findings'].map((f: unknown) => (isFinding(f) ? envelopeFinding(f) : f));
  return canonicalJson(out, 2);
}
