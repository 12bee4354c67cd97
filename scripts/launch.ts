// Why: a short run (one fixture file) spends most of its time starting: parsing and compiling the
// program, then compiling each function the first time it runs. Node 20 keeps no compiled code
// between runs of a module (module.enableCompileCache() needs Node 22.1), but V8 takes a code cache
// for a script compiled through vm.Script. So the program is one CommonJS-format bundle
// (dist/cli.cjs) that this entry point compiles with the code cache of the last run of the same
// command, and the first run of a command (or one whose cache V8 rejected) writes it at exit, with
// the functions that run compiled. The cache sits in the package's node_modules/.cache (never
// packed); any failure to read or write it only costs the start-up it would have saved.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** A digest of dist/cli.cjs, written in by the build: V8 checks a cache against the source's length only. */
declare const MCP_STATECHART_BUNDLE_HASH: string;

/** Set to 0 to run without the code cache (neither read nor written). */
const OPT_OUT = 'MCP_STATECHART_CODE_CACHE';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = join(here, 'cli.cjs');
const source = readFileSync(bundle, 'utf8');

/**
 * One cache per command (the functions a command runs are the ones worth having compiled), per
 * bundle, Node version and architecture. Runs with Node options take none (a flag that changes
 * what V8 compiles makes it reject a cache made without it), except the CPU profiler's, so that a
 * profile shows the start-up every other run has.
 */
function cacheFile(): { dir: string; file: string } | undefined {
  if (process.env[OPT_OUT] === '0' || !onlyProfilerOptions(process.execArgv)) return undefined;
  const command = /^[a-z][a-z-]{0,30}$/.test(process.argv[2] ?? '') ? process.argv[2] : 'other';
  const dir = join(here, '..', 'node_modules', '.cache', 'mcp-statechart');
  return { dir, file: join(dir, `${MCP_STATECHART_BUNDLE_HASH}-${process.version}-${process.arch}-${command}.v8`) };
}

/** Whether `options` are the CPU profiler's alone (`--cpu-prof-dir DIR` takes the next one as its value). */
function onlyProfilerOptions(options: readonly string[]): boolean {
  for (let i = 0; i < options.length; i++) {
    const option = options[i] as string;
    if (!option.startsWith('--cpu-prof')) return false;
    if (option !== '--cpu-prof' && !option.includes('=')) i++;
  }
  return true;
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the cache whole (a concurrent run reads the old file or the new one, never half of one) and drops those of other bundles. */
function writeCache(dir: string, file: string, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, data);
    renameSync(partial, file);
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(MCP_STATECHART_BUNDLE_HASH)) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // A read-only installation: every run compiles as if there were no cache.
  }
}

// The heap's live set is bounded (every table is bounded in bytes), but by default V8 lets the old
// generation grow to about four times what the last full collection kept before collecting again:
// with 40 MB live after 500 KB strings, that is 250 MB of resident memory, most of it garbage. A
// growth of half the live set keeps peak RSS near what is live, for a full collection a little
// more often (a few milliseconds each). Set before the bundle is compiled, so the code cache is
// made and read under the same flags.
//
// Allocation-site pretenuring is off: V8 sees most of a session's young objects survive a
// scavenge (a session lives for one case, or one message's judging, and the scavenge comes in the
// middle of one) and then allocates them in the old generation directly, where they die and are
// only found by a full collection; those dead old objects also keep the young ones they point at
// alive through every scavenge until then. Replaying the course fixture in one process spent 29%
// of its CPU profile in the collector with pretenuring, 13% without it.
setFlagsFromString('--heap-growing-percent=50');
setFlagsFromString('--no-allocation-site-pretenuring');

const cache = cacheFile();
const cachedData = cache === undefined ? undefined : readCache(cache.file);
// The bundle runs as CommonJS does: its own require, module and file names, and import.meta.url
// (which the bundle reads as __mcpBundleUrl) naming the bundle.
const script = new Script(`(function (exports, require, module, __filename, __dirname, __mcpBundleUrl) {${source}\n})`, {
  filename: bundle,
  ...(cachedData === undefined ? {} : { cachedData }),
});
if (cache !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
  process.once('exit', () => writeCache(cache.dir, cache.file, script.createCachedData()));
}
const module = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void)(
  module.exports, createRequire(bundle), module, bundle, here, pathToFileURL(bundle).href,
);
