// Why: a server may compress what it sends when the client offers it. The check offers every
// coding it can undo, judges the decoded messages (never the coded bytes), bounds decoding by the
// message limit (a bomb is transport/body-over-limit, the checker's own warning, not an allocation), and reports bytes that do not
// decode as they say under http/content-encoding-invalid, once, with nothing else blamed.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ACCEPT_ENCODING, contentCodings, decodeBody, decodingStream } from '../../live/content-coding.ts';
import { CodingPeer, type PeerCoding } from '../peers/http-coding-peers.ts';
import { withPeer } from '../peers/http-mcp-peer.ts';
import { drive } from './support/http-driver.ts';
import { fuzzRuns } from '../support/fuzz-runs.ts';

const MESSAGE = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'é'.repeat(3000) } }));

test('Content-Encoding is read as a list of codings, undone last first; unknown and prototype names are unsupported', () => {
  assert.equal(contentCodings(undefined), { kind: 'identity' });
  assert.equal(contentCodings('identity'), { kind: 'identity' });
  assert.equal(contentCodings('GZIP'), { kind: 'coded', codings: ['gzip'], name: 'gzip' });
  assert.equal(contentCodings(['x-gzip', 'br']), { kind: 'coded', codings: ['gzip', 'br'], name: 'gzip, br' });
  assert.equal(contentCodings('zstd').kind, 'unsupported');
  assert.equal(contentCodings('__proto__').kind, 'unsupported');
  assert.equal(contentCodings('gzip, gzip, gzip, gzip, gzip').kind, 'unsupported', 'at most four stacked codings');
  const twice = zlib.brotliCompressSync(zlib.gzipSync(MESSAGE));
  const decoded = decodeBody(twice, ['gzip', 'br'], 2_000_000);
  assert.ok(decoded.kind === 'body' && decoded.bytes.equals(MESSAGE));
});

test('whole bodies and streams decode for gzip, deflate (wrapped and raw) and br, in any chunking', async () => {
  const cases: [PeerCoding, Buffer][] = [['gzip', zlib.gzipSync(MESSAGE)], ['deflate', zlib.deflateSync(MESSAGE)], ['deflate-raw', zlib.deflateRawSync(MESSAGE)], ['br', zlib.brotliCompressSync(MESSAGE)]];
  for (const [coding, coded] of cases) {
    const name = coding === 'deflate-raw' ? 'deflate' : coding;
    const body = decodeBody(coded, [name], 2_000_000);
    assert.ok(body.kind === 'body' && body.bytes.equals(MESSAGE), coding);
    for (const cut of [1, 2, 7, coded.length - 1]) {
      const parts = [coded.subarray(0, cut), coded.subarray(cut)];
      const out: Buffer[] = [];
      for await (const chunk of decodingStream(Readable.from(parts), [name], () => assert.unreachable('decodes'))) out.push(chunk as Buffer);
      assert.ok(Buffer.concat(out).equals(MESSAGE), `${coding} cut at ${cut}`);
    }
  }
});

test('a bomb stops at the bound (too-large, not an allocation); bytes that are no coding are invalid, named by their coding', async () => {
  const bomb = zlib.gzipSync(Buffer.alloc(200_000_000, 0x20));
  assert.ok(bomb.length < 300_000);
  const before = process.memoryUsage().rss;
  assert.equal(decodeBody(bomb, ['gzip'], 2_000_000), { kind: 'too-large' });
  assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024, 'decoding stopped at the bound');
  const invalid = decodeBody(Buffer.from('plain text'), ['br'], 2_000_000);
  assert.is(invalid.kind, 'invalid');
  assert.is(invalid.kind === 'invalid' && invalid.coding, 'br');
  const whole = zlib.gzipSync(MESSAGE);
  const truncated = whole.subarray(0, whole.length - 6);
  assert.is(decodeBody(truncated, ['gzip'], 2_000_000).kind, 'invalid', 'a cut gzip body does not pass as complete');
  let reported = 0;
  const stream = decodingStream(Readable.from([Buffer.from('no gzip here')]), ['gzip'], () => { reported += 1; });
  const failed = await new Promise<string>((resolve) => {
    stream.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? ''));
    stream.resume();
  });
  assert.is(failed, 'ERR_CONTENT_ENCODING');
  assert.is(reported, 1);
});

const CODERS = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync } as const;

test('generated: any body under any stack of codings, cut into any chunks, decodes to itself; any bytes, flipped or not, never throw and stay within the bound', async () => {
  await fc.assert(fc.asyncProperty(
    fc.uint8Array({ maxLength: 4000 }),
    fc.array(fc.constantFrom('gzip', 'deflate', 'br') as fc.Arbitrary<'gzip' | 'deflate' | 'br'>, { minLength: 1, maxLength: 3 }),
    fc.array(fc.nat(), { maxLength: 5 }),
    fc.option(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { nil: undefined }),
    async (raw, codings, cuts, flip) => {
      const body = Buffer.from(raw);
      let coded = body;
      for (const c of codings) coded = CODERS[c](coded);
      if (flip !== undefined && coded.length > 0) {
        coded = Buffer.from(coded);
        const at = flip[0] % coded.length;
        coded[at] = (coded[at] as number) ^ flip[1];
      }
      const whole = decodeBody(coded, codings, 2_000_000);
      if (flip === undefined) assert.ok(whole.kind === 'body' && whole.bytes.equals(body));
      else assert.ok(['body', 'invalid', 'too-large'].includes(whole.kind));
      const points = [...new Set(cuts.map((c) => c % (coded.length + 1)))].sort((a, b) => a - b);
      const parts = [0, ...points, coded.length].slice(1).map((end, i, all) => coded.subarray(i === 0 ? 0 : all[i - 1], end));
      const out: Buffer[] = [];
      const failed = await new Promise<boolean>((done) => {
        const stream = decodingStream(Readable.from(parts), codings, () => {});
        stream.on('data', (c: Buffer) => out.push(c));
        stream.on('end', () => done(false));
        stream.on('error', () => done(true));
      });
      if (flip === undefined) assert.ok(!failed && Buffer.concat(out).equals(body), 'the stream decodes as the whole body does');
      else if (whole.kind === 'body' && !failed) assert.ok(Buffer.concat(out).equals(whole.bytes));
    },
  ), { numRuns: fuzzRuns(150), seed: 23 });
});

for (const answer of ['json', 'sse'] as const) {
  for (const coding of ['gzip', 'deflate', 'deflate-raw', 'br'] as const) {
    test(`check (${answer} answers) offers ${ACCEPT_ENCODING} and judges a ${coding}-coded server clean`, async () => {
      await withPeer(new CodingPeer(answer, coding), async (url, peer) => {
        const run = await drive(url);
        assert.equal(run.recorder.findings, []);
        assert.ok(peer.coded >= 2, `${peer.coded} coded answers`);
        assert.ok(peer.seen.filter((r) => r.method === 'POST').every((r) => r.headers['accept-encoding'] === ACCEPT_ENCODING));
        assert.ok(run.answers.size >= 2);
      });
    });
  }
}

test('check: a gzip bomb answering tools/list is transport/body-over-limit (decoding stopped at the limit), nothing else, and memory stays bounded', async () => {
  await withPeer(new CodingPeer('json', 'gzip', { method: 'tools/list', kind: 'bomb', bombBytes: 40_000_000 }), async (url) => {
    const before = process.memoryUsage().rss;
    const run = await drive(url, { timeoutMs: 10_000 });
    assert.equal(run.recorder.rules(), ['transport/body-over-limit']);
    assert.match(run.recorder.findings[0]?.message ?? '', /once its gzip coding is undone/);
    assert.ok(process.memoryUsage().rss - before < 150 * 1024 * 1024);
  });
});

test('check: an answer in a coding it did not offer (zstd) is recorded and not judged; nothing is blamed on its bytes', async () => {
  class ZstdPeer extends CodingPeer {
    protected override answerRequest(req: Parameters<CodingPeer['answerRequest']>[0], res: Parameters<CodingPeer['answerRequest']>[1], message: Parameters<CodingPeer['answerRequest']>[2], response: Parameters<CodingPeer['answerRequest']>[3], headers: Record<string, string> = {}): void {
      if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd', ...headers });
      res.end(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]));
    }
  }
  await withPeer(new ZstdPeer('json', 'gzip'), async (url) => {
    const run = await drive(url);
    assert.equal(run.recorder.findings, []);
    assert.ok(run.recorder.events.some((e) => e.kind === 'transport_error' && e.code === 'content-encoding-unsupported'));
    assert.ok(run.failures.some((f) => f.code === 'content-encoding'));
  });
});

test.run();
