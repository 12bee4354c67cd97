/** Shape helpers every family validator shares: the clean result, `_meta`, exact or open objects, messages. */
import * as v from 'valibot';
import type { Finding } from './finding.ts';

/** The shared result of a clean validation. */
export const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** What a validator collected: the list itself, or the shared clean result when it is empty. */
export function findingsOf(out: readonly Finding[]): readonly Finding[] {
  return out.length > 0 ? out : NO_FINDINGS;
}

/** The `_meta` object that params, results and content may carry: any JSON object. */
export const MetaSchema = v.custom<{ readonly [key: string]: unknown }>(
  (x) => isJsonObject(x),
  (issue) => `Invalid type: Expected Object but received ${issue.received}`,
);

/** An exact-keys object in strict profiles, an open one otherwise; arrays are never objects here. */
export function objectSchema<E extends v.ObjectEntries>(entries: E, strict: boolean): v.GenericSchema {
  return v.pipe(MetaSchema, strict ? v.strictObject(entries) : v.looseObject(entries));
}

/** Whether `x` is a JSON object (not null, not an array). */
export function isJsonObject(x: unknown): x is { readonly [key: string]: unknown } {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The member `key` of `object` when it is its own: a name like `constructor` is never found on Object.prototype. */
export function ownMember(object: { readonly [key: string]: unknown }, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets `key` on `object` as an own data property: a key named `__proto__` is data, never the prototype's setter. */
export function setMember<T>(object: { [key: string]: T }, key: string, value: T): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A value as shown in messages: JSON, cut to 60 characters. */
export function shown(value: unknown): string {
  const s = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}
