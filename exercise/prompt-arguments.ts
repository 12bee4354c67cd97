// Why: a prompt's arguments are a list of names, some required, and every value is a string
// (prompts/get's `arguments` is a string map). The required ones are always given; an optional
// one is given or left out by the seed, so fuzz covers both; the values are short words.
import fc from 'fast-check';

/** A short lowercase word: what a person would type into a prompt's field. */
const WORD = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);

/** Prompt arguments (prompts/list's `arguments`: name, required) as a string map, deterministic from the seed. */
export function samplePromptArguments(args: readonly { name: string; required?: boolean }[] | undefined, seed: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (args === undefined || args.length === 0) return out;
  const named = args.filter((a) => typeof a.name === 'string' && a.name !== '' && a.name !== '__proto__').slice(0, 64);
  const draws = fc.sample(fc.tuple(fc.array(fc.boolean(), { minLength: named.length, maxLength: named.length }), fc.array(WORD, { minLength: named.length, maxLength: named.length })), { seed: seed | 0, numRuns: 1 })[0];
  if (draws === undefined) return out;
  const [include, words] = draws;
  named.forEach((a, i) => {
    if (a.required === true || include[i] === true) out[a.name] = words[i] ?? 'example';
  });
  return out;
}

/** A fast-check arbitrary of prompt arguments: the required ones always, optional ones sometimes. */
export function promptArgumentsArbitrary(args: readonly { name: string; required?: boolean }[] | undefined): fc.Arbitrary<Record<string, string>> {
  const named = (args ?? []).filter((a) => typeof a.name === 'string' && a.name !== '' && a.name !== '__proto__').slice(0, 64);
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const a of named) model[a.name] = WORD;
  return fc.record(model, { requiredKeys: named.filter((a) => a.required === true).map((a) => a.name), noNullPrototype: true });
}
