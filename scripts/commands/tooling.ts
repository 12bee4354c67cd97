// Why: the commands that need more than the judging core (coverage, diagrams, the inspector, the
// benchmarks) are loaded as one group, on demand. In the bundle (scripts/build.mjs) the modules
// only this group reaches run when one of its commands is asked for, so `cases`, `validate` and
// `rules` never run their module code (coverage models, @xstate/graph, the inspector page). A new
// command that needs more than the core belongs here.
export * as bench from './bench.ts';
export * as coverage from './coverage.ts';
export * as diagram from './diagram.ts';
export * as inspect from './inspect.ts';
