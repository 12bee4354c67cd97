// Why: whatever a server echoes, and wherever, a secret must not survive redaction: random secrets
// (regular-expression characters, quotes, multi-byte text, secrets inside other secrets) placed in
// every kind of place of a JSON value (a whole string, inside a longer one, an object key, an
// array item, deep down) and in text. Nothing else may change. Fixed seeds; FUZZ_RUNS raises the count.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MIN_SECRET_LENGTH, Redactor } from '../../trace/redaction.ts';
import { fuzzRuns } from '../support/fuzz-runs.ts';

const RUNS = fuzzRuns(200);

const piece = fc.constantFrom('a', 'b', 'Z', '0', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '\\', '^', '$', '/', '-', '"', '\'', ' ', 'é', '€', '𝄞', '\n', '\u0000');
const secretArb = fc.array(piece, { minLength: MIN_SECRET_LENGTH, maxLength: 16 }).map((p) => p.join(''));
/** Plain text that cannot contain a secret by accident (lower-case letters only, never in a secret). */
const plain = fc.stringMatching(/^[k-y ]{0,12}$/);

/** Every string and key of a JSON value, anywhere. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      out.push(key);
      strings(member, out);
    }
  }
  return out;
}

/** A JSON value built from plain text and the given secrets, which appear in every kind of place. */
function valueWith(secrets: readonly string[]): fc.Arbitrary<unknown> {
  const text = fc.oneof(plain, fc.tuple(plain, fc.constantFrom(...secrets), plain).map(([a, s, b]) => `${a}${s}${b}`), fc.constantFrom(...secrets));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, fc.integer(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  }));
  return value;
}

test('no secret survives in any string or key of a redacted JSON value, or in redacted text', () => {
  fc.assert(
    fc.property(fc.uniqueArray(secretArb, { minLength: 1, maxLength: 4 }).chain((secrets) => fc.tuple(fc.constant(secrets), valueWith(secrets))), ([secrets, value]) => {
      const r = new Redactor(secrets);
      const redacted = r.json(value);
      for (const s of strings(redacted)) {
        for (const secret of secrets) assert.not.ok(s.includes(secret), `${JSON.stringify(secret)} survived in ${JSON.stringify(s)}`);
      }
      const text = r.text(JSON.stringify(value));
      for (const secret of secrets) {
        assert.not.ok(text.includes(secret), `${JSON.stringify(secret)} survived in text`);
        assert.not.ok(text.includes(JSON.stringify(secret).slice(1, -1)), `${JSON.stringify(secret)} survived JSON-escaped in text`);
      }
    }),
    { seed: 0x5ec, numRuns: RUNS },
  );
});

test('values without a secret, under keys that do not look secret, are left exactly as they were', () => {
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, plain, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(plain, tie('value'), { maxKeys: 4, noNullPrototype: true }),
  })).value;
  fc.assert(
    fc.property(fc.uniqueArray(secretArb, { minLength: 1, maxLength: 4 }), json, (secrets, value) => {
      const r = new Redactor(secrets);
      assert.equal(r.json(value), value);
      assert.is(r.text(JSON.stringify(value)), JSON.stringify(value));
    }),
    { seed: 0x5ed, numRuns: RUNS },
  );
});

test.run();
