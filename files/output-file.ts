// Why: every command that writes a file (pages, diagrams, traces, reports) writes it the same way:
// a failure names the argument and the reason (exit 2, never "internal error"), folders are made
// one level at a time (Node's recursive mkdir never returns on some paths, such as under /proc),
// and live traces and reports can be created readable by their owner alone.
import { mkdir, open, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { errnoCode, WriteError } from './io-error.ts';

/** How an output file is written. */
export interface OutputFileOptions {
  /** The argument as the user typed it (`--out x.html`), for messages. Default: the path. */
  readonly argument?: string;
  /** Create the file readable and writable by its owner only (mode 0600), also when it existed. */
  readonly ownerOnly?: boolean;
  /** Create the file's folder first when it is missing. */
  readonly makeFolder?: boolean;
}

/** The most folder levels made for one output; a deeper missing path is refused, not looped on. */
const MAX_NEW_LEVELS = 64;

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Makes `folder` and any missing parents, one `mkdir` per level from the nearest existing one,
 * so that a path where mkdir keeps failing ends with its error instead of spinning. A failure is a
 * WriteError naming `argument`.
 */
export async function makeOutputFolder(folder: string, argument: string = folder): Promise<void> {
  try {
    const missing: string[] = [];
    let at = resolve(folder);
    while (!(await exists(at))) {
      missing.push(at);
      const parent = dirname(at);
      if (parent === at || missing.length > MAX_NEW_LEVELS) throw Object.assign(new Error('no existing parent'), { code: 'ENOENT' });
      at = parent;
    }
    if (missing.length === 0 && !(await stat(at)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    for (const level of missing.reverse()) {
      try {
        await mkdir(level);
      } catch (error) {
        const code = errnoCode(error);
        // Its parent exists, yet the folder is "not found": a file system that makes none (/proc, /sys).
        if (code === 'ENOENT') throw new WriteError(code, argument, 'no folder can be made there');
        if (code !== 'EEXIST') throw error;
      }
    }
  } catch (error) {
    if (error instanceof WriteError) throw error;
    const code = errnoCode(error);
    throw new WriteError(code, argument, code === 'ENOENT' ? 'the folder it goes in does not exist' : undefined);
  }
}

/** Writes `data` to `path` whole; a failure is a WriteError naming the argument. */
export async function writeOutputFile(path: string, data: string | Uint8Array, options: OutputFileOptions = {}): Promise<void> {
  const argument = options.argument ?? path;
  if (options.makeFolder) await makeOutputFolder(dirname(path), argument);
  try {
    const handle = await open(path, 'w', options.ownerOnly ? 0o600 : 0o666);
    try {
      // The mode given to open applies only to a new file; an existing one is narrowed too.
      if (options.ownerOnly) await handle.chmod(0o600);
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof WriteError) throw error;
    const code = errnoCode(error);
    throw new WriteError(code, argument, code === 'ENOENT' ? 'the folder it goes in does not exist' : undefined);
  }
}
