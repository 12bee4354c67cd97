/**
 * Exact values of integers beyond ±(2^53-1) that the strict reader read. Such an integer stays a
 * JSON number in the parsed value (a double, rounded; ±Infinity beyond the largest double), so
 * every consumer that asks "is this a number" keeps its answer; its exact value is held beside the
 * value, keyed by the array or object that holds it and its index or member name. Consumers where
 * the exact value matters (request ids, schema-checked integers) ask here; a value built in
 * JavaScript has no entry and is taken as it is.
 */

/** Exact values, by holding container and member (an array index as a string). */
const EXACT = new WeakMap<object, Map<string, bigint>>();

/** Every container that holds an exact integer at any depth, so a walk finds them without visiting the rest. */
const HOLDERS = new WeakSet<object>();

/** How many exact integers were ever recorded; while none was, every lookup is skipped at once. */
let recorded = 0;

/** The largest integer a double holds exactly, as a bigint. */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Whether `value` is an integer beyond ±(2^53-1), where a double would round it. */
export function isUnsafe(value: bigint): boolean {
  return value > SAFE || value < -SAFE;
}

/**
 * Records the exact value of the integer written `digits` (an optional minus sign and decimal
 * digits) at `path` below `root`, a value the reader has just parsed. Every container on the path
 * is marked as holding it.
 */
export function recordExactInteger(root: unknown, path: readonly string[], digits: string): void {
  let node: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (typeof node !== 'object' || node === null) return;
    HOLDERS.add(node);
    node = (node as Record<string, unknown>)[path[i] as string];
  }
  if (typeof node !== 'object' || node === null || path.length === 0) return;
  HOLDERS.add(node);
  let members = EXACT.get(node);
  if (members === undefined) EXACT.set(node, (members = new Map()));
  members.set(path[path.length - 1] as string, BigInt(digits));
  recorded += 1;
}

/** The exact value of the integer at `key` of `container`, when the reader recorded one there. */
export function exactIntegerAt(container: unknown, key: string | number): bigint | undefined {
  if (recorded === 0 || typeof container !== 'object' || container === null) return undefined;
  return EXACT.get(container)?.get(typeof key === 'number' ? String(key) : key);
}

/** Whether `value` holds, at any depth, an integer the reader recorded exactly (false at once while none was recorded). */
export function holdsExactIntegers(value: unknown): boolean {
  return recorded !== 0 && typeof value === 'object' && value !== null && HOLDERS.has(value);
}

/** One recorded integer below a value: its JSON Pointer tokens and its exact value. */
export interface ExactIntegerPlace {
  readonly path: readonly (string | number)[];
  readonly value: bigint;
}

/** Every recorded integer below `value`, in document order, visiting only the containers that hold one. */
export function exactIntegersIn(value: unknown): ExactIntegerPlace[] {
  const out: ExactIntegerPlace[] = [];
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (!holdsExactIntegers(node)) return;
    const members = EXACT.get(node as object);
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node as object);
    for (const key of keys) {
      const exact = members?.get(String(key));
      if (exact !== undefined) out.push({ path: [...path, key], value: exact });
      else walk((node as Record<string, unknown>)[key as string], [...path, key]);
    }
  };
  walk(value, []);
  return out;
}

/** Whether `value` is an integer: a JSON number without a fraction, or one the reader recorded exactly at `key` of `container`. */
export function isIntegerValue(value: unknown, container?: unknown, key?: string | number): boolean {
  if (typeof value !== 'number') return false;
  if (Number.isInteger(value)) return true;
  return key !== undefined && exactIntegerAt(container, key) !== undefined;
}
