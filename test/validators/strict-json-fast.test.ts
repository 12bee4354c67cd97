import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FALLBACK, parseFast } from '../../validators/strict-json-fast.ts';
import { scanJson } from '../../validators/strict-json-scanner.ts';

const DEPTH = 64;

/** The safety property: whatever the fast path accepts, the full scanner accepts too, with the same value. */
function agrees(text: string): void {
  const fast = parseFast(text, DEPTH);
  if (fast === FALLBACK) return;
  assert.is(scanJson(text, DEPTH), undefined, `fast path accepted what the scanner rejects: ${JSON.stringify(text).slice(0, 200)}`);
  assert.equal(fast, JSON.parse(text));
}

const withDuplicate = fc.tuple(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), fc.jsonValue()).map(([obj, extra]) => {
  const key = Object.keys(obj)[0] as string;
  const body = JSON.stringify(obj);
  return `${body.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(extra)}}`;
});
const nested = fc.tuple(fc.integer({ min: 60, max: 70 }), fc.boolean()).map(([n, objects]) =>
  objects ? '{"a":'.repeat(n) + '1' + '}'.repeat(n) : '['.repeat(n) + ']'.repeat(n));
const surrogates = fc.string({ unit: 'binary', maxLength: 6 }).map((s) => JSON.stringify({ [s]: s }).replace(/\\u/g, (m) => m));
const escapes = fc.constantFrom('"\\ud800"', '"\\udc00x"', '"\\ud800\\udc00"', '{"\\ud83d":1}', '"\ud800\\udc00"', '"\\ud800\udc00"');
const numbers = fc.oneof(fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }).map(String), fc.constantFrom('1e400', '-1e400', '1e16', '9007199254740993', '0.5'));
const keysInStrings = fc.constantFrom('{"a:b":1,"c":"x:y"}', '{"a\\":":1}', '{"a\\\\":1,"b":2}', '["::",{"k":":"}]', '{"a":1,"a\\u0000":2}', '{"\\u0061":1,"a":2}');

// Texts without a backslash and with whitespace take the member count; duplicates here sit at any depth, with
// whitespace around the colon, and values that are strings containing colons and quotes' neighbours.
const plainKey = fc.string({ unit: fc.constantFrom('a', 'b', ':', ' ', ',', '{', '}', '[', 'é'), maxLength: 4 });
const plainValue = fc.oneof(plainKey, fc.integer(), fc.constant(null), fc.array(plainKey, { maxLength: 3 }));
const plainDuplicate = fc.tuple(plainKey, plainValue, plainValue, fc.integer({ min: 0, max: 3 }), fc.constantFrom('', ' ', '\n  ', '\t'), fc.boolean())
  .map(([key, first, second, depth, ws, duplicate]) => {
    const k = JSON.stringify(key);
    const members = `${k}${ws}:${ws}${JSON.stringify(first)},${ws}${duplicate ? k : JSON.stringify(key + 'x')}${ws}:${JSON.stringify(second)}`;
    return '{"x":'.repeat(depth) + `{${members}}` + '}'.repeat(depth);
  });

test('escape-free texts: a duplicate member at any depth is never accepted, a unique one is', () => {
  fc.assert(fc.property(plainDuplicate, (text) => {
    assert.ok(!text.includes('\\'));
    agrees(text);
    const duplicated = scanJson(text, DEPTH) !== undefined;
    if (!duplicated) assert.not.equal(parseFast(text, DEPTH), FALLBACK, text);
  }), { numRuns: 2000 });
});

// Number texts longer or shorter than the shortest text of their value (exponents, padding), so a
// repeated member may sit next to numbers written longer or shorter than they need to be.
const numberText = fc.constantFrom('1e5', '100000', '1E3', '10', '1e1', '0.5', '5e-1', '-0', '1.0', '120', '12e1', '7', '-3', '1e15', '0.000001');
const compactMember = fc.tuple(plainKey, fc.oneof(numberText, plainKey.map((k) => JSON.stringify(k)), fc.constant('null'), fc.constant('[1e2,true]')))
  .map(([k, v]) => `${JSON.stringify(k)}:${v}`);
const compactObject = fc.tuple(fc.array(compactMember, { maxLength: 5 }), fc.option(fc.nat(4)), fc.oneof(fc.constant('0'), numberText), fc.integer({ min: 0, max: 2 }))
  .map(([members, repeatAt, again, depth]) => {
    const list = [...members];
    if (repeatAt !== null && list.length > 0) list.push(list[repeatAt % list.length]!.replace(/:.*/, `:${again}`));
    return '{"x":['.repeat(depth) + `{${list.join(',')}}` + ']}'.repeat(depth);
  });

test('compact texts: a member that repeats is never accepted, whatever the number texts around it', () => {
  fc.assert(fc.property(compactObject, (text) => {
    agrees(text);
    const repeated = scanJson(text, DEPTH) !== undefined;
    if (repeated) assert.is(parseFast(text, DEPTH), FALLBACK, text);
    else assert.equal(parseFast(text, DEPTH), JSON.parse(text), text);
  }), { numRuns: 3000 });
});

test('compact texts: the shortest repeat (`"":0`) and repeats beside long exponents are deferred', () => {
  for (const text of ['{"":0,"":0}', '{"":0,"":0.5}', '{"":0,"":-7}', '{"a":1,"":0,"":0}', '{"a":100000,"b":0,"b":0}', '{"a":1e15,"b":0,"b":0}', '[{"k":0.000001,"k":1}]', '{"a":{"":0,"":1}}']) {
    assert.is(parseFast(text, DEPTH), FALLBACK, text);
  }
  for (const text of ['{"":0}', '{"a":1e15,"b":0}', '{"a":-0,"b":[],"c":{}}', '[1.0,5e-1,12e1]', '{"a":"x","b":[null,true,false]}']) {
    assert.equal(parseFast(text, DEPTH), JSON.parse(text), text);
  }
});

// Texts with escapes: keys and values with quotes, backslashes, newlines and non-ASCII, some
// letters written as \u escapes, so the same member may repeat under two different spellings.
const escapedKey = fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', 'é', '😀', ':', '\u2028'), maxLength: 4 });
const escapedDuplicate = fc.tuple(escapedKey, fc.oneof(escapedKey, fc.integer(), fc.constant(null)), fc.oneof(escapedKey, numberText), fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 2 }))
  .map(([key, first, second, duplicate, spellOut, depth]) => {
    const k = JSON.stringify(key);
    const again = duplicate ? k : JSON.stringify(key + 'x');
    const members = `${k}:${JSON.stringify(first)},${spellOut ? again.replace(/a/g, '\\u0061') : again}:${typeof second === 'string' && /^[-\d]/.test(second) ? second : JSON.stringify(second)}`;
    return '{"x":['.repeat(depth) + `{${members}}` + ']}'.repeat(depth);
  });

test('texts with escapes: a member that repeats, under any spelling, is never accepted', () => {
  fc.assert(fc.property(escapedDuplicate, (text) => {
    agrees(text);
    const repeated = scanJson(text, DEPTH) !== undefined;
    if (repeated) assert.is(parseFast(text, DEPTH), FALLBACK, text);
    else assert.equal(parseFast(text, DEPTH), JSON.parse(text), text);
  }), { numRuns: 3000 });
});

test('texts with escapes: repeats hidden by escapes are deferred, compact escaped text is decided', () => {
  for (const text of ['{"\\u0061":0,"\\u0061":0}', '{"\\u0061":1,"a":2}', '{"a":"\\n","a":"\\n"}', '{"\\"":0,"\\"":0}', '{"k":"\\ud83d\\ude00","k":1}', '{"k":"\\ud800"}']) {
    assert.is(parseFast(text, DEPTH), FALLBACK, text);
  }
  for (const text of ['{"a":"line\\nnext","b":"\\u00e9"}', '{"text":"{\\"value\\":2.136,\\"unit\\":\\"ft\\"}"}', '["\\\\","\\/","\\ud83d\\ude00"]']) {
    assert.equal(parseFast(text, DEPTH), JSON.parse(text), text);
  }
});

test('fast path accepts only what the scanner accepts (random texts and JSON)', () => {
  fc.assert(fc.property(fc.oneof(fc.string(), fc.jsonValue().map((v) => JSON.stringify(v))), agrees), { numRuns: 1500 });
});

test('fast path accepts only what the scanner accepts (duplicates, depth, surrogates, numbers, colons in strings)', () => {
  fc.assert(fc.property(fc.oneof(withDuplicate, nested, surrogates, escapes, numbers, keysInStrings), agrees), { numRuns: 1500 });
});

test('the fast path decides the common case and defers the doubtful ones', () => {
  assert.equal(parseFast('{"jsonrpc":"2.0","id":1,"method":"ping"}', DEPTH), { jsonrpc: '2.0', id: 1, method: 'ping' });
  for (const doubtful of ['{"a":1,"a":2}', '[' .repeat(65) + ']'.repeat(65), '"\\ud800"', '9007199254740993', '1e400', '{"a":}', '']) {
    assert.is(parseFast(doubtful, DEPTH), FALLBACK, doubtful.slice(0, 40));
  }
});

test('a string literal of tens of megabytes in a text with whitespace (a trace file) is read, not a RangeError', () => {
  const long = 'x'.repeat(30 * 1024 * 1024);
  const text = `{\n  "a": "${long}",\n  "b": "\\" : \\\\",\n  "c": 1\n}`;
  const value = parseFast(text, DEPTH) as Record<string, unknown>;
  assert.is.not(value, FALLBACK);
  assert.is((value['a'] as string).length, long.length);
  assert.is(value['b'], '" : \\');
  assert.is(parseFast(`{\n  "a": "${long}",\n  "a": 1\n}`, DEPTH), FALLBACK, 'a repeat is still left to the scanner');
});

test.run();
