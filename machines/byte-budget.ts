// Why: a peer chooses how long its strings are, so a table bounded only in entries can still hold
// the traffic: 1,024 pending requests with 2 MB of params each are 2 GB. Every table that grows
// with input is bounded in bytes too, measured cheaply: the UTF-16 length of strings (what V8
// holds at most twice over) and a few bytes for each other value, object member and array item.

/** Characters a key takes: a string's length, a number's or bigint's few. */
export function keyChars(key: unknown): number {
  return typeof key === 'string' ? key.length + 16 : 16;
}

/** Added for each value beside its strings' characters (an object member, an array item, a number). */
const SLOT = 16;

/**
 * An estimate of what `value` (parsed JSON) holds, in characters of its strings (member names
 * included) plus SLOT per value; linear in the value, with no allocation but a stack of arrays
 * and objects still to walk.
 */
export function sizeEstimate(value: unknown): number {
  if (typeof value === 'string') return value.length + SLOT;
  if (typeof value !== 'object' || value === null) return SLOT;
  let total = 0;
  const stack: object[] = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (Array.isArray(next)) {
      for (const item of next) {
        total += SLOT;
        if (typeof item === 'string') total += item.length;
        else if (typeof item === 'object' && item !== null) stack.push(item);
      }
      continue;
    }
    for (const name in next) {
      if (!Object.hasOwn(next, name)) continue;
      const item = (next as Record<string, unknown>)[name];
      total += SLOT + name.length;
      if (typeof item === 'string') total += item.length;
      else if (typeof item === 'object' && item !== null) stack.push(item);
    }
  }
  return total;
}
