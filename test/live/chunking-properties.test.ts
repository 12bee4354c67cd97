// Why: a peer's bytes arrive cut wherever the network or the pipe cuts them: inside a multi-byte
// character, between CR and LF, in the middle of a field name. The SSE reader and the line
// splitter behind the stdio transport and `validate` must give the same messages for every
// chunking of the same bytes (properties on fixed seeds; FUZZ_RUNS raises the count).
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSse, type SseEnd, type SseEvent } from '../../live/sse-reader.ts';
import { LineSplitter } from '../../transcripts/line-splitter.ts';
import { fuzzRuns } from '../support/fuzz-runs.ts';

const RUNS = fuzzRuns(150);

/** Cuts `bytes` at the given fractions (sorted, deduplicated, within the bytes). */
function cut(bytes: Uint8Array, fractions: readonly number[]): Uint8Array[] {
  const points = [...new Set(fractions.map((f) => Math.floor(f * bytes.length)))].filter((p) => p > 0 && p < bytes.length).sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 });
/** Text without line ends, with multi-byte characters (2, 3 and 4 bytes in UTF-8). */
const lineText = fc.string({ unit: fc.oneof(fc.constantFrom('a', ' ', ':', '{', '"', 'é', '€', '𝄞', '✓', '\u2028'), fc.string({ maxLength: 1 }).filter((c) => !/[\r\n]/.test(c))), maxLength: 30 });
const eol = fc.constantFrom('\n', '\r\n', '\r');

/** One SSE block: fields, comments, then the blank line that dispatches it. */
const sseBlock = fc.record({
  fields: fc.array(fc.oneof(
    lineText.map((t) => `data: ${t}`),
    lineText.map((t) => `data:${t}`),
    fc.constant('data'),
    lineText.filter((t) => !t.includes('\0')).map((t) => `id: ${t}`),
    fc.constantFrom('event: message', 'event: other'),
    fc.integer({ min: 0, max: 5000 }).map((n) => `retry: ${n}`),
    lineText.map((t) => `: ${t}`),
  ), { maxLength: 5 }),
  ends: fc.array(eol, { minLength: 6, maxLength: 6 }),
}).map(({ fields, ends }) => fields.map((f, i) => f + ends[i % ends.length]).join('') + ends[5]);

async function readAll(chunks: readonly Uint8Array[]): Promise<{ end: SseEnd; events: SseEvent[]; retries: number[] }> {
  const body = new PassThrough();
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const reading = readSse(body, { maxEventBytes: 1_000_000, idleMs: undefined }, {
    onEvent: (e) => {
      events.push({ ...e });
    },
    onRetry: (ms) => retries.push(ms),
  });
  for (const c of chunks) body.write(Buffer.from(c));
  body.end();
  return { end: await reading.ended, events, retries };
}

test('SSE: every chunking of the same stream gives the same events, retries and end', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(sseBlock, { maxLength: 8 }), cuts, async (blocks, fractions) => {
      const bytes = new TextEncoder().encode(blocks.join(''));
      const whole = await readAll([bytes]);
      const chunked = await readAll(cut(bytes, fractions));
      assert.equal(chunked, whole);
      const oneByOne = await readAll(Array.from(bytes, (b) => Uint8Array.of(b)));
      assert.equal(oneByOne, whole);
    }),
    { seed: 0x55e, numRuns: RUNS },
  );
});

test('SSE: the events are the ones written (data lines joined by LF), however they are cut', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.array(lineText, { minLength: 1, maxLength: 3 }), { maxLength: 6 }), eol, cuts, async (datas, end, fractions) => {
      const text = datas.map((lines, i) => `id: e${i}${end}${lines.map((l) => `data: ${l}`).join(end)}${end}${end}`).join('');
      const read = await readAll(cut(new TextEncoder().encode(text), fractions));
      assert.equal(read.events.map((e) => [e.id, e.data]), datas.map((lines, i) => [`e${i}`, lines.join('\n')]));
    }),
    { seed: 0x55f, numRuns: RUNS },
  );
});

function splitLines(chunks: readonly Uint8Array[], max: number): string[] {
  const out: string[] = [];
  const splitter = new LineSplitter(max, (bytes, n) => out.push(`${n}:${Buffer.from(bytes).toString('hex')}`), (n) => {
    throw new RangeError(`line ${n} too long`);
  });
  try {
    for (const c of chunks) splitter.push(c);
    splitter.end();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    out.push(error.message);
  }
  return out;
}

test('stdio lines: every chunking of the same bytes gives the same lines (or the same refusal of a long one)', () => {
  const line = fc.uint8Array({ maxLength: 40 }).map((b) => b.filter((x) => x !== 0x0a));
  fc.assert(
    fc.property(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { maxLength: 12 }), fc.boolean(), cuts, fc.integer({ min: 8, max: 64 }), (lines, unterminated, fractions, max) => {
      const parts = lines.map(([b, end]) => Buffer.concat([b, Buffer.from(end)]));
      if (unterminated) parts.push(Buffer.from('{"tail":1}'));
      const bytes = new Uint8Array(Buffer.concat(parts));
      const whole = splitLines([bytes], max);
      assert.equal(splitLines(cut(bytes, fractions), max), whole);
      assert.equal(splitLines(Array.from(bytes, (b) => Uint8Array.of(b)), max), whole);
      const expected = lines.map(([b, end]) => (end === '\r\n' || b[b.length - 1] !== 0x0d ? b : b.subarray(0, -1)));
      if (expected.every((b) => b.length < max) && (!unterminated || 10 < max)) {
        const hex = [...expected.map((b) => Buffer.from(b).toString('hex')), ...(unterminated ? [Buffer.from('{"tail":1}').toString('hex')] : [])];
        assert.equal(whole.map((l) => l.slice(l.indexOf(':') + 1)), hex);
      }
    }),
    { seed: 0x5710, numRuns: RUNS * 3 },
  );
});

test.run();
