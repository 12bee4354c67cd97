// Why: time bounds in tests are CPU time, not wall time: a loaded machine (a CI runner, a full
// suite on two cores) stretches the wall clock many times over, but not the work a loop does.

/** CPU milliseconds (user and system) this process has used since `since`, a reading of process.cpuUsage(). */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Runs `work` and returns what it returned with the CPU milliseconds it took. */
export function cpuTimed<T>(work: () => T): { value: T; ms: number } {
  const started = process.cpuUsage();
  const value = work();
  return { value, ms: cpuMsSince(started) };
}
