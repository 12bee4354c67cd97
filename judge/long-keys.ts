// Why: the session remembers requests by id, progress by token and cancellations by request id for
// as long as they are open, and a peer chooses how long those strings are: a thousand requests
// with ids of 500 KB each would hold half a gigabyte. A session of unbounded length (the tap)
// judges such a key through a stand-in: a short string naming the key's first characters, its
// length and its SHA-256, equal for equal keys and different for different ones, so every
// correlation is judged as before, and the trace keeps the stand-in, which says what it replaced.
import { createHash } from 'node:crypto';
import { isJsonObject } from '../validators/shape.ts';

/** Keys longer than this (in UTF-16 code units) are judged through a stand-in. */
export const MAX_KEY_CHARS = 1024;

/** Characters of the key a stand-in shows. */
const SHOWN_CHARS = 64;

/** The stand-in of a long key: its start, its length and its digest. */
export function keyStandIn(key: string): string {
  let end = SHOWN_CHARS;
  const last = key.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const digest = createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32);
  // A copy, not a slice: a slice would keep the whole key alive.
  const shown = Buffer.from(key.slice(0, end), 'utf16le').toString('utf16le');
  return `${shown}...[${key.length} characters, sha256 ${digest}]`;
}

function long(value: unknown): value is string {
  return typeof value === 'string' && value.length > MAX_KEY_CHARS;
}

/** A copy of `object` with `name` replaced (the object itself when nothing changes). */
function withMember(object: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  return { ...object, [name]: value };
}

/**
 * Replaces the keys the session correlates by (the id, `_meta.progressToken`, a progress
 * notification's `progressToken`, a cancellation's `requestId`) that are longer than
 * MAX_KEY_CHARS by their stand-ins; returns the message (a new object only where something was
 * replaced) and how many were.
 */
export function shortenKeys(message: unknown): { message: unknown; shortened: number } {
  if (!isJsonObject(message)) return { message, shortened: 0 };
  let shortened = 0;
  let out: Record<string, unknown> = message;
  if (long(out['id'])) {
    out = withMember(out, 'id', keyStandIn(out['id']));
    shortened += 1;
  }
  const params = out['params'];
  if (isJsonObject(params)) {
    let p: Record<string, unknown> = params;
    const meta = p['_meta'];
    if (isJsonObject(meta) && long(meta['progressToken'])) {
      p = withMember(p, '_meta', withMember(meta, 'progressToken', keyStandIn(meta['progressToken'])));
      shortened += 1;
    }
    for (const name of ['progressToken', 'requestId'] as const) {
      if (long(p[name])) {
        p = withMember(p, name, keyStandIn(p[name]));
        shortened += 1;
      }
    }
    if (p !== params) out = withMember(out, 'params', p);
  }
  return { message: out, shortened };
}
