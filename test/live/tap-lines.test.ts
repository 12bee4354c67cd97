// Why: the tap judges a copy of a stream it forwards as it arrives, so the same bytes must give
// the same lines however they are cut into chunks, and a line past the limit must be reported
// once and skipped, with the next line judged again.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TapLineReader } from '../../live/tap-lines.ts';
import { fuzzRuns } from '../support/fuzz-runs.ts';

/** Feeds `bytes` in the given chunk sizes; returns the lines (as text, `!` for an oversize one) and whether it ended mid-line. */
function read(bytes: Uint8Array, limit: number, cuts: readonly number[]): { lines: string[]; unterminated: boolean } {
  const lines: string[] = [];
  const reader = new TapLineReader(limit, {
    onLine: (line) => lines.push(Buffer.from(line).toString('latin1')),
    onOversize: () => lines.push('!'),
  });
  let at = 0;
  for (const cut of cuts) {
    reader.push(bytes.subarray(at, at + cut));
    at += cut;
  }
  reader.push(bytes.subarray(at));
  return { lines, unterminated: reader.end() };
}

test('lines: LF and CRLF end a line; a last line without LF is a line and is reported as unterminated', () => {
  const bytes = Buffer.from('a\r\nbb\n\nccc');
  assert.equal(read(bytes, 10, []), { lines: ['a', 'bb', '', 'ccc'], unterminated: true });
  assert.equal(read(Buffer.from('a\n'), 10, []), { lines: ['a'], unterminated: false });
  assert.equal(read(Buffer.alloc(0), 10, []), { lines: [], unterminated: false });
});

test('lines: a line past the limit is reported once, whatever the chunks, and the next line is read again', () => {
  const bytes = Buffer.from('12345\n1234567890123\nok\n123456');
  for (const cuts of [[], [1, 1, 1, 1, 1, 1, 1], [7, 3], [20]]) {
    assert.equal(read(bytes, 5, cuts), { lines: ['12345', '!', 'ok', '!'], unterminated: true }, JSON.stringify(cuts));
  }
  // A CR that turns out to end the line does not count toward the limit.
  assert.equal(read(Buffer.from('12345\r\n'), 5, [6]), { lines: ['12345'], unterminated: false });
});

test('lines: any chunking of the same bytes gives the same lines (property)', () => {
  const alphabet = fc.constantFrom(0x0a, 0x0d, 0x61, 0x62, 0xff, 0x00);
  fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }).chain((raw) => fc.tuple(
    fc.array(alphabet, { maxLength: 200 }).map((xs) => Uint8Array.from([...raw.slice(0, 50), ...xs])),
    fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 30 }),
    fc.integer({ min: 0, max: 30 }),
  )), ([bytes, cuts, limit]) => {
    assert.equal(read(bytes, limit, cuts), read(bytes, limit, []));
  }), { numRuns: fuzzRuns(300), seed: 14 });
});

test.run();
