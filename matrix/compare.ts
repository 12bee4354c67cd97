// Why: a matrix is read by its differences: among the cells of one revision and transport, the
// traffic most of them share is the reference, and each cell that differs is reported with where
// it first departs from it (the normalized event, a JSON Pointer into it, and both values), short
// enough to read in a table.
import { canonicalJson } from '../trace/canonical-json.ts';
import { escapePointerToken } from '../validators/finding.ts';
import { ruleById } from '../validators/rules/index.ts';

/** Where a cell first departs from its group's reference. */
export interface Difference {
  /** The rule a difference breaks (`matrix/cell-differs`). */
  readonly rule: string;
  /** The reference cell's id. */
  readonly reference: string;
  /** JSON Pointer into the normalized events (`/3/message/result/protocolVersion`). */
  readonly pointer: string;
  /** The reference's value there (absent: the reference has none). */
  readonly expected?: unknown;
  /** This cell's value there (absent: the cell has none). */
  readonly found?: unknown;
}

/** A cell as compared: its id, its group (revision and transport), its normalized events. */
export interface ComparedCell {
  readonly id: string;
  readonly group: string;
  readonly events: readonly unknown[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The first place (depth first, keys sorted, arrays by index) where two JSON values differ; undefined when equal. */
export function firstDifference(expected: unknown, found: unknown, pointer = ''): { pointer: string; expected?: unknown; found?: unknown } | undefined {
  if (Array.isArray(expected) && Array.isArray(found)) {
    for (let i = 0; i < Math.max(expected.length, found.length); i++) {
      if (i >= expected.length) return { pointer: `${pointer}/${i}`, found: found[i] };
      if (i >= found.length) return { pointer: `${pointer}/${i}`, expected: expected[i] };
      const d = firstDifference(expected[i], found[i], `${pointer}/${i}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(found)) {
    for (const key of [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort()) {
      const at = `${pointer}/${escapePointerToken(key)}`;
      if (!Object.hasOwn(found, key)) return { pointer: at, expected: expected[key] };
      if (!Object.hasOwn(expected, key)) return { pointer: at, found: found[key] };
      const d = firstDifference(expected[key], found[key], at);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return canonicalJson(expected) === canonicalJson(found) ? undefined : { pointer, expected, found };
}

/**
 * Compares the cells of each group with its reference (the events most of its cells share; on a
 * tie, the first cell's) and returns each differing cell's difference, by cell id.
 */
export function compareCells(cells: readonly ComparedCell[]): Map<string, Difference> {
  const out = new Map<string, Difference>();
  const groups = new Map<string, ComparedCell[]>();
  for (const cell of cells) groups.set(cell.group, [...(groups.get(cell.group) ?? []), cell]);
  for (const members of groups.values()) {
    const forms = new Map<string, ComparedCell[]>();
    for (const cell of members) {
      const form = canonicalJson(cell.events);
      forms.set(form, [...(forms.get(form) ?? []), cell]);
    }
    let reference: ComparedCell[] = [];
    for (const same of forms.values()) if (same.length > reference.length) reference = same;
    const first = reference[0] as ComparedCell;
    for (const cell of members) {
      if (reference.includes(cell)) continue;
      const d = firstDifference(first.events, cell.events);
      if (d !== undefined) out.set(cell.id, { rule: ruleById('matrix/cell-differs').id, reference: first.id, ...d });
    }
  }
  return out;
}
