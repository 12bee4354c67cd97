// Why: a command that starts processes of its own (a live check's server, the matrix's peers)
// must end them when it is interrupted or exits, whatever it was doing: SIGINT and SIGTERM end
// them and exit with 130 and 143, and an exit on any other path ends them too.

/** Runs `work` with `end` (synchronous) called on SIGINT, SIGTERM or process exit while it runs. */
export async function whileInterruptible<T>(end: () => void, work: () => Promise<T>): Promise<T> {
  const interrupted = (code: number) => (): void => {
    end();
    process.exit(code);
  };
  const onInt = interrupted(130);
  const onTerm = interrupted(143);
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  process.once('exit', end);
  try {
    return await work();
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    process.off('exit', end);
  }
}
