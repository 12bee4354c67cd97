// Why: a command that starts processes of its own (a live check's server, the matrix's peers)
// must end them when it is interrupted or exits, whatever it was doing: SIGINT and SIGTERM end
// them and exit with 130 and 143, and an exit on any other path ends them too.

/** How long what was recorded may take to be written after an interruption before the exit (ms). */
export const INTERRUPT_WRITE_LIMIT_MS = 5_000;

/**
 * Runs `work` with `end` (synchronous) called on SIGINT, SIGTERM or process exit while it runs;
 * on a signal, `written` (when given) writes what was recorded, within INTERRUPT_WRITE_LIMIT_MS,
 * before the exit with 130 or 143. A second signal exits at once.
 */
export async function whileInterruptible<T>(end: () => void, work: () => Promise<T>, written?: (code: 130 | 143) => Promise<void>): Promise<T> {
  let signalled = false;
  const interrupted = (code: 130 | 143) => (): void => {
    if (signalled) process.exit(code);
    signalled = true;
    end();
    if (written === undefined) process.exit(code);
    // Further signals exit at once while what was recorded is written.
    process.on('SIGINT', () => process.exit(code));
    process.on('SIGTERM', () => process.exit(code));
    const limit = setTimeout(() => process.exit(code), INTERRUPT_WRITE_LIMIT_MS);
    limit.unref();
    void written(code).catch(() => undefined).finally(() => process.exit(code));
  };
  const onInt = interrupted(130);
  const onTerm = interrupted(143);
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  process.once('exit', end);
  try {
    const result = await work();
    // Interrupted: the run ended because it was ended; what was recorded is being written, and the process exits then.
    if (signalled && written !== undefined) await new Promise<never>(() => {});
    return result;
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    process.off('exit', end);
  }
}
