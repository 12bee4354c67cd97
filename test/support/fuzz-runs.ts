// Why: the standing fuzzers run fixed seeds in every `npm test`, at counts that keep both under
// about a minute; FUZZ_RUNS raises a count on demand (FUZZ_RUNS=50 npm test) without changing the
// seeds a smaller run used, so a larger run always covers the smaller one.

/** The count a fuzzer uses: FUZZ_RUNS when set to a positive integer, else `fallback`. */
export function fuzzRuns(fallback: number): number {
  const raw = process.env['FUZZ_RUNS'];
  const n = raw === undefined ? Number.NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
