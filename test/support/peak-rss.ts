// Why: a test measures the peak memory of a CLI process it starts. `process.resourceUsage().maxRSS`
// cannot be used for that on Linux: a child started by fork inherits its parent's high-water mark,
// so a large test runner makes every child look large. The kernel's VmHWM (in /proc/self/status)
// belongs to the child's own address space; it is read at exit, falling back to maxRSS elsewhere
// (bench/peak-rss.ts, which the benchmark's figures use too).
import { peakRssHook } from '../../bench/peak-rss.ts';

/** The marker line the hook writes to stderr, followed by the peak RSS in kB. */
export const PEAK_RSS_MARK = '__mcp_statechart_peak_rss_kb=';

/** A module for `node --import` that writes the process's own peak RSS to stderr at exit. */
export const PEAK_RSS_HOOK = peakRssHook(PEAK_RSS_MARK);

/** The peak RSS in MB written by the hook (NaN when absent), and stderr without the marker line. */
export function peakRss(stderr: string): { mb: number; stderr: string } {
  const lines = stderr.split('\n');
  const mark = lines.find((l) => l.startsWith(PEAK_RSS_MARK));
  return { mb: Number(mark?.slice(PEAK_RSS_MARK.length)) / 1024, stderr: lines.filter((l) => !l.startsWith(PEAK_RSS_MARK)).join('\n').trim() };
}
