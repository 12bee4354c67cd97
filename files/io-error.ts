// Why: a file that cannot be read or written is an ordinary problem, not a bug: it is reported as
// the argument the user typed, the reason in words and the errno code, and never with the path
// Node puts in its own messages (which may be a longer, private one).

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENXIO: 'no such device',
  EAGAIN: 'the input is not ready',
  EEXIST: 'a file of that name is in the way',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  EROFS: 'the file system is read-only',
  EBUSY: 'the file is busy',
  EINVAL: 'the name is not valid there',
  EFBIG: 'the file is too large',
  EPIPE: 'the reader went away',
};

/** The reason an errno code stands for, in words. */
export function errnoReason(code: string): string {
  return REASONS[code] ?? 'input/output error';
}

/** The errno code of a file-system error (`EIO` when it has none). */
export function errnoCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : 'EIO';
}

/** Whether `error` is one the operating system raised (it carries an errno code and a syscall). */
export function isSystemError(error: unknown): boolean {
  const e = error as { code?: unknown; syscall?: unknown } | null;
  return typeof e?.code === 'string' && /^E[A-Z0-9]+$/.test(e.code) && typeof e.syscall === 'string';
}

/** How an argument is shown in a message: as typed, quoted, control characters escaped. */
export function showArgument(argument: string): string {
  return JSON.stringify(argument);
}

/** A file that could not be read or written: errno code, reason, and the argument as typed (if known). */
export abstract class FileError extends Error {
  /** The errno code, e.g. `ENOENT`, `EACCES`, `EISDIR`. */
  readonly code: string;
  /** The argument as the user typed it, when known. */
  readonly argument: string | undefined;

  constructor(verb: string, code: string, argument: string | undefined, reason = errnoReason(code)) {
    super(`could not ${verb} ${argument === undefined ? 'the input' : showArgument(argument)}: ${reason} (${code})`);
    this.code = code;
    this.argument = argument;
  }
}

/** An input that could not be read. */
export class ReadError extends FileError {
  override readonly name = 'ReadError';

  constructor(code: string, argument?: string, reason?: string) {
    super('read', code, argument, reason);
  }

  /** The same error, naming the argument the user typed. */
  about(argument: string): ReadError {
    return new ReadError(this.code, argument);
  }
}

/** An output that could not be written (or its folder created). */
export class WriteError extends FileError {
  override readonly name = 'WriteError';

  constructor(code: string, argument: string, reason?: string) {
    super('write', code, argument, reason);
  }
}
