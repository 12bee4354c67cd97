// Why: a run can raise the same rule dozens of times (a priming event missing from every SSE
// answer) and bury its few errors among them. People scan findings as groups: errors first, one
// group per rule, the first few places in full and the rest counted.
import type { Severity } from '../validators/finding.ts';

/** How many findings of a group text output shows in full before it counts the rest. */
export const SHOWN_PER_RULE = 3;

/** The findings of one rule, in the order they were found. */
export interface FindingGroup<T> {
  readonly rule: string;
  readonly severity: Severity;
  readonly items: readonly T[];
}

/**
 * Groups `findings` by rule: error groups before warning groups, each severity's groups in the
 * order their rule was first found, each group's findings in the order found. Nothing is dropped.
 */
export function groupByRule<T extends { readonly rule: string; readonly severity: Severity }>(findings: readonly T[]): FindingGroup<T>[] {
  const groups = new Map<string, { rule: string; severity: Severity; items: T[] }>();
  for (const f of findings) {
    const key = `${f.severity}\u0000${f.rule}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { rule: f.rule, severity: f.severity, items: [] };
      groups.set(key, group);
    }
    group.items.push(f);
  }
  const all = [...groups.values()];
  return [...all.filter((g) => g.severity === 'error'), ...all.filter((g) => g.severity !== 'error')];
}

/** `events 7-31`, `event 7`, or `the run`: the span of the places numbered `at` (null: the run as a whole). */
export function placeSpan(word: string, at: readonly (number | null)[]): string {
  let first = Infinity;
  let last = -Infinity;
  for (const n of at) {
    if (n === null) continue;
    if (n < first) first = n;
    if (n > last) last = n;
  }
  if (first === Infinity) return 'the run';
  return first === last ? `${word} ${first}` : `${word}s ${first}-${last}`;
}
