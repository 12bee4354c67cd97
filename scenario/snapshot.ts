// Why: a snapshot turns what a server answered today into the expectation of tomorrow's run. It
// keeps what the answer says about the server and nothing the run chose: no envelope (ids are
// never compared), no member the step ignores, and keys in one stable order, so an unchanged
// server gives a byte-identical file.
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import type { Expectation } from './scenario-format.ts';

/** Keys sorted at every depth (arrays keep their order). */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedKeys(value[k])]));
}

function tokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** A copy without the object members the pointers name (an array element stays, so the array keeps its length: it is ignored when compared). */
export function withoutPointers(value: unknown, pointers: readonly string[]): unknown {
  let copy = structuredClone(value);
  for (const pointer of pointers) {
    const path = tokens(pointer);
    if (path.length === 0) {
      copy = {};
      continue;
    }
    let parent: unknown = copy;
    for (const token of path.slice(0, -1)) parent = Array.isArray(parent) ? parent[Number(token)] : isJsonObject(parent) ? parent[token] : undefined;
    const last = path[path.length - 1]!;
    if (isJsonObject(parent) && Object.hasOwn(parent, last)) delete (parent as Record<string, unknown>)[last];
  }
  return copy;
}

/**
 * The expectation a step's answer becomes: its result or error, without the ignored members, keys
 * sorted. A result's `resultType: "complete"` (MCP 2026-07-28's envelope of every finished answer,
 * absent under initialize) is left out, so one snapshot holds for a server of both eras.
 */
export function snapshotOf(answer: { readonly result: JsonObject } | { readonly error: JsonObject }, ignore: readonly string[]): Expectation {
  if ('error' in answer) return { error: sortedKeys(withoutPointers(answer.error, ignore)) as JsonObject };
  const { resultType, ...rest } = answer.result;
  const result = resultType === 'complete' ? rest : answer.result;
  return { result: sortedKeys(withoutPointers(result, ignore)) as JsonObject };
}
