// Why: an input's size is checked while reading, not after: at most limit + 1 bytes are ever read,
// so an oversized fixture, an endless pipe or /dev/zero is refused without being loaded whole.
// Errors name the problem and the errno code, never the local path, which may be private (the
// caller names the argument as typed).
import { createReadStream } from 'node:fs';
import { isatty } from 'node:tty';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { sizeLimitError, StrictJsonError } from '../validators/strict-json.ts';
import { errnoCode, ReadError } from './io-error.ts';

export { ReadError };

const CHUNK = 64 * 1024;

/**
 * What to say on standard error before reading `path` when it is `-` and standard input is a
 * terminal: a command waiting for typed input would otherwise look hung.
 */
export function terminalInputNote(path: string, what: string): string | undefined {
  if (path !== '-' || !isatty(0)) return undefined;
  return `mcp-statechart: reading ${what} from the terminal; end it with Ctrl-D (or pipe it: ... | mcp-statechart ...)\n`;
}

/**
 * Reads a file, or standard input for `-`, reading at most `limit + 1` bytes. Throws a
 * StrictJsonError (rule `json/size-limit`) when more than `limit` bytes exist, a ReadError when
 * the input cannot be read.
 */
export async function readBounded(path: string, limit: number): Promise<Uint8Array> {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError('readBounded: limit must be a non-negative integer');
  if (path === '-') {
    return readStreamBounded(createReadStream('', { fd: 0, autoClose: false, end: limit }), limit);
  }
  const handle = await openFile(path);
  try {
    return await readHandle(handle, limit);
  } catch (error) {
    if (error instanceof StrictJsonError || error instanceof ReadError) throw error;
    throw readErrorFrom(error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Opens `path` for reading; a failure is a ReadError. */
async function openFile(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'r');
  } catch (error) {
    throw readErrorFrom(error);
  }
}

/** The first `bytes` bytes of a file (fewer when it is shorter), to tell what kind of input it is. */
export async function readStart(path: string, bytes: number): Promise<Uint8Array> {
  const handle = await openFile(path);
  try {
    if ((await handle.stat()).isDirectory()) throw new ReadError('EISDIR');
    const buffer = new Uint8Array(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    throw readErrorFrom(error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Opens a file, or standard input for `-`, as a stream of `chunk`-byte pieces, for input read
 * whole but not held whole (a transcript). Throws a ReadError when the input cannot be read.
 */
export async function openInputStream(path: string, chunk: number): Promise<Readable> {
  if (path === '-') return createReadStream('', { fd: 0, autoClose: false, highWaterMark: chunk });
  const handle = await openFile(path);
  try {
    if ((await handle.stat()).isDirectory()) throw new ReadError('EISDIR');
    return handle.createReadStream({ highWaterMark: chunk });
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error instanceof ReadError ? error : readErrorFrom(error);
  }
}

async function readHandle(handle: FileHandle, limit: number): Promise<Uint8Array> {
  const info = await handle.stat();
  if (info.isDirectory()) throw new ReadError('EISDIR');
  if (info.isFile() && info.size > limit) throw sizeLimitError(limit);
  const cap = limit + 1;
  let buffer = new Uint8Array(Math.min(cap, info.isFile() ? info.size + 1 : CHUNK));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length === cap) break;
      const grown = new Uint8Array(Math.min(cap, Math.max(buffer.length * 2, CHUNK)));
      grown.set(buffer);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  if (length > limit) throw sizeLimitError(limit);
  return buffer.subarray(0, length);
}

/**
 * Collects a stream, stopping as soon as it has yielded more than `limit` bytes (then a
 * StrictJsonError with rule `json/size-limit`); bound the stream itself to limit + 1 bytes
 * (as readBounded does for stdin) so no more is ever read from its source.
 */
export async function readStreamBounded(stream: AsyncIterable<Uint8Array | string>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      length += bytes.length;
      if (length > limit) throw sizeLimitError(limit);
      chunks.push(bytes);
    }
  } catch (error) {
    if (error instanceof StrictJsonError) throw error;
    throw readErrorFrom(error);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Turns a file-system error into a ReadError that keeps the errno code and drops the path. */
export function readErrorFrom(error: unknown): ReadError {
  return error instanceof ReadError ? error : new ReadError(errnoCode(error));
}
