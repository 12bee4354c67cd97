// Why: two runs that fail the same way must be recognisable as one failure (for replay and for
// expected-failures files), however their ids, tokens, timings or event positions differ. The
// signature hashes only what identifies a failure: each finding's rule, severity, the direction
// and method of the message it rests on, and its pointer.
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';

/** What identifies one finding across runs. */
export interface FindingEvidence {
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  /** Direction of the message the finding rests on (null: not a message). */
  readonly direction: string | null;
  /** Method of that message, or of the request a response answers (null: none). */
  readonly method: string | null;
  readonly pointer: string;
}

/** The signature prefix: tool and scheme version. */
export const SIGNATURE_PREFIX = 'mcp-statechart:v1:';

/** A stable hash over a set of findings' evidence: order and repetition do not matter. */
export function signatureOf(evidence: readonly FindingEvidence[]): string {
  const rows = [...new Set(evidence.map((e) => canonicalJson([e.rule, e.severity, e.direction, e.method, e.pointer])))].sort();
  return SIGNATURE_PREFIX + createHash('sha256').update(rows.join('\n')).digest('hex');
}
