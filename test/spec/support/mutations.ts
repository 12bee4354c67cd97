// Why: the SDK cross-check breaks valid messages one way at a time, so each disagreement can be
// pinned to one mutation: a key dropped, an unknown key added, a value of another JSON type, a
// string that is no enum member, a value in the wrong nesting. Mutations are plain data (kind,
// JSON Pointer, value), so a documented difference can name exactly which ones it excuses.
import fc from 'fast-check';

/** One JSON token of a path: an object key or an array index. */
export type Token = string | number;

/** One change to a valid seed. */
export type Mutation =
  | { readonly kind: 'drop'; readonly path: readonly Token[] }
  | { readonly kind: 'add'; readonly path: readonly Token[]; readonly key: string; readonly value: unknown }
  | { readonly kind: 'retype'; readonly path: readonly Token[]; readonly value: unknown }
  | { readonly kind: 'enum'; readonly path: readonly Token[]; readonly value: string }
  | { readonly kind: 'nest'; readonly path: readonly Token[]; readonly value: unknown };

/** Keys no MCP type defines, for `add` mutations. */
export const UNKNOWN_KEYS = ['extraField', 'x-vendor'] as const;

/** One value of each JSON type, for `retype` mutations (the one of the original's type is skipped). */
const PALETTE: readonly unknown[] = [null, true, 7, 2.5, -1, '', 'text', [], ['text'], {}, { extraField: 1 }];

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function typeOf(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'array';
  if (typeof x === 'number') return Number.isInteger(x) ? 'integer' : 'number';
  return typeof x;
}

/** The JSON Pointer of a path. */
export function pointerOf(path: readonly Token[]): string {
  return path.map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** A mutation as one line, for messages and witness names. */
export function describeMutation(m: Mutation): string {
  const at = pointerOf(m.path) || '/';
  switch (m.kind) {
    case 'drop':
      return `drop ${at}`;
    case 'add':
      return `add ${at}/${m.key} = ${JSON.stringify(m.value)}`;
    default:
      return `${m.kind} ${at} = ${JSON.stringify(m.value)}`;
  }
}

/** Every value of `seed` with its path, the root first. */
export function sites(seed: unknown): { path: Token[]; value: unknown }[] {
  const out: { path: Token[]; value: unknown }[] = [];
  const walk = (value: unknown, path: Token[]): void => {
    out.push({ path, value });
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (isObject(value)) for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(seed, []);
  return out;
}

function nestedWrongly(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? value[0] : {};
  if (isObject(value)) return [value];
  return { value };
}

/** All mutations of one site whose value is not drawn at random. */
function fixedMutations(path: Token[], value: unknown, parent: unknown): Mutation[] {
  const out: Mutation[] = [];
  if (path.length > 0 && isObject(parent)) out.push({ kind: 'drop', path });
  if (path.length > 0) {
    for (const v of PALETTE) if (typeOf(v) !== typeOf(value)) out.push({ kind: 'retype', path, value: v });
    out.push({ kind: 'nest', path, value: nestedWrongly(value) });
  }
  if (typeof value === 'string') out.push({ kind: 'enum', path, value: 'not-a-member' });
  return out;
}

/** The mutations of `seed` as an arbitrary: fixed changes of every site, and unknown keys with random JSON values. */
export function mutationArbitrary(seed: unknown): fc.Arbitrary<Mutation> {
  const all = sites(seed);
  const byPointer = new Map(all.map((s) => [pointerOf(s.path), s.value]));
  const fixed = all.flatMap(({ path, value }) => fixedMutations(path, value, byPointer.get(pointerOf(path.slice(0, -1)))));
  const objects = all.filter((s) => isObject(s.value)).map((s) => s.path);
  const added = fc.record({
    path: fc.constantFrom(...objects),
    key: fc.constantFrom(...UNKNOWN_KEYS),
    value: fc.jsonValue({ maxDepth: 2 }),
  }).map((r): Mutation => ({ kind: 'add', ...r }));
  return fc.oneof({ arbitrary: fc.constantFrom(...fixed), weight: 4 }, { arbitrary: added, weight: 1 });
}

/** `seed` with `m` applied (a deep copy; the seed is not changed). */
export function applyMutation(seed: unknown, m: Mutation): unknown {
  const copy: unknown = structuredClone(seed);
  if (m.path.length === 0) {
    if (m.kind === 'add' && isObject(copy)) return { ...copy, [m.key]: m.value };
    return m.kind === 'drop' ? undefined : m.value;
  }
  let parent: unknown = copy;
  for (const token of m.path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[token];
  const last = m.path[m.path.length - 1]!;
  const holder = parent as Record<string | number, unknown>;
  if (m.kind === 'drop') {
    if (Array.isArray(holder)) holder.splice(Number(last), 1);
    else delete holder[last];
  } else if (m.kind === 'add') {
    const target = holder[last];
    if (isObject(target)) target[m.key] = m.value;
  } else {
    holder[last] = m.value;
  }
  return copy;
}
