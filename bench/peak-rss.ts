// Why: a child's peak memory has to be read from inside the child, as it exits. Linux keeps
// getrusage's ru_maxrss across fork and execve, so a child forked from a large parent (a test
// runner holding hundreds of megabytes) reports the parent's size as its own peak. The hook reads
// VmHWM from /proc/self/status, the high-water mark of the child's own address space (new at
// execve), and falls back to process.resourceUsage().maxRSS where there is no /proc.

/** A `--import` data URL that prints `\n<mark><peak RSS in KiB>\n` on stderr as the process exits. */
export function peakRssHook(mark: string): string {
  const body = [
    'import{readFileSync}from"node:fs";',
    'process.on("exit",()=>{let kb=process.resourceUsage().maxRSS;',
    'try{const m=/VmHWM:\\s+(\\d+)/.exec(readFileSync("/proc/self/status","utf8"));if(m)kb=Number(m[1])}catch{}',
    `process.stderr.write("\\n${mark}"+kb+"\\n")})`,
  ].join('');
  return `data:text/javascript,${encodeURIComponent(body)}`;
}
