// Why: the commands that need more than the judging core (coverage, diagrams, the inspector, the
// benchmarks) are loaded as one group. esbuild puts a module in a chunk per set of entry points
// that reach it, so every command loaded on its own splits the modules it shares with `cases`
// into one more chunk that `cases` must load too; with one group there are two sets, and a short
// run of `cases` or `validate` loads the entry and one chunk. A new command that needs more than
// the core belongs here (test/scripts/startup.test.ts counts the files `cases` loads).
export * as bench from './bench.ts';
export * as coverage from './coverage.ts';
export * as diagram from './diagram.ts';
export * as inspect from './inspect.ts';
