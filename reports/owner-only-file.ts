// Why: reports describe a server's traffic and may hold what redaction could not know to hide, so
// they are created readable by their owner only (0600), also when a file of that name existed.
// A failure names the option the file was given with and the errno code, never the path.
import { open } from 'node:fs/promises';

/** A report file that could not be written; the message names the option, not the path. */
export class ReportWriteError extends Error {
  override readonly name = 'ReportWriteError';
  /** The errno code, e.g. `ENOENT`, `EACCES`, `EISDIR`. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
};

/** Writes `text` to `path` as UTF-8, mode 0600 (set again if the file existed); `option` names it in errors. */
export async function writeOwnerOnly(path: string, text: string, option: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'w', 0o600);
  } catch (error) {
    throw writeError(error, option);
  }
  try {
    await handle.chmod(0o600);
    await handle.writeFile(text, 'utf8');
  } catch (error) {
    throw writeError(error, option);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function writeError(error: unknown, option: string): ReportWriteError {
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' && /^E[A-Z0-9]+$/.test(raw) ? raw : 'EIO';
  return new ReportWriteError(code, `could not write the ${option} report: ${REASONS[code] ?? 'input/output error'} (${code})`);
}
