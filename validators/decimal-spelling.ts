/**
 * How the strict reader found some numbers written, when asked to keep it (fixtures): an integral
 * value written with a fraction or an exponent (`1.0`, `2e0`), which the course's reference reads
 * as no integer, and a decimal beyond the largest double (`1e400`), which it reads as infinity.
 * The parsed value holds the number JSON.parse gives (1, or ±Infinity); the spelling is kept
 * beside it, keyed by the array or object that holds it, as validators/exact-integer.ts keeps
 * exact integers.
 */

/** How a number was written: integral with a fraction or exponent, or beyond the largest double. */
export type DecimalSpelling = 'integral' | 'overflow';

const SPELLED = new WeakMap<object, Map<string, DecimalSpelling>>();
const HOLDERS = new WeakSet<object>();
let recorded = 0;

/** Records the spelling of the number at `path` below `root`, a value the reader has just parsed. */
export function recordDecimalSpelling(root: unknown, path: readonly string[], spelling: DecimalSpelling): void {
  let node: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (typeof node !== 'object' || node === null) return;
    HOLDERS.add(node);
    node = (node as Record<string, unknown>)[path[i] as string];
  }
  if (typeof node !== 'object' || node === null || path.length === 0) return;
  HOLDERS.add(node);
  let members = SPELLED.get(node);
  if (members === undefined) SPELLED.set(node, (members = new Map()));
  members.set(path[path.length - 1] as string, spelling);
  recorded += 1;
}

/** One recorded spelling below a value: its JSON Pointer tokens and how it was written. */
export interface DecimalPlace {
  readonly path: readonly (string | number)[];
  readonly spelling: DecimalSpelling;
}

/** Every recorded spelling below `value`, in document order, visiting only the containers that hold one. */
export function decimalSpellingsIn(value: unknown): DecimalPlace[] {
  const out: DecimalPlace[] = [];
  if (recorded === 0) return out;
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (typeof node !== 'object' || node === null || !HOLDERS.has(node)) return;
    const members = SPELLED.get(node);
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const key of keys) {
      const spelling = members?.get(String(key));
      if (spelling !== undefined) out.push({ path: [...path, key], spelling });
      else walk((node as Record<string, unknown>)[key as string], [...path, key]);
    }
  };
  walk(value, []);
  return out;
}
