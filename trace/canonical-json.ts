// Why: traces and reports must be byte-identical when nothing changed, so object members are
// written in sorted order (by UTF-16 code units, as JavaScript compares strings) whatever order
// they were built or received in. Arrays keep their order: it is meaningful.

/**
 * Serialises a JSON value with object keys sorted at every depth; `indent` spaces per level (0:
 * one line). `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown, indent = 0): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) out[key] = sortKeys(member);
  }
  return out;
}
