// Why: the SSE reader is the one place untrusted stream bytes become events; it must give the
// same events however the bytes are cut, decode strict UTF-8, and stop at every bound.
import { PassThrough } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSse, type SseEvent } from '../../live/sse-reader.ts';

async function read(chunks: readonly Buffer[], limits = { maxEventBytes: 1_000, idleMs: 1_000 as number | undefined }) {
  const body = new PassThrough();
  const events: SseEvent[] = [];
  const ignored: string[] = [];
  const retries: number[] = [];
  const reading = readSse(body, limits, {
    onEvent: (e) => {
      events.push(e);
    },
    onIgnoredLine: (kind, line) => ignored.push(`${kind}:${line}`),
    onRetry: (ms) => retries.push(ms),
  });
  for (const c of chunks) body.write(c);
  body.end();
  const end = await reading.ended;
  return { end, events, ignored, retries, body };
}

const STREAM = Buffer.from('id: a1\ndata:\n\n: a comment\nevent: message\nid: a2\ndata: {"jsonrpc":"2.0","id":1,"result":{"text":"héllo ✓"}}\n\nretry: 250\ndata: {"x":\ndata: 1}\n\n', 'utf8');

test('the same events however the bytes are cut, multi-byte characters included', async () => {
  const whole = await read([STREAM]);
  assert.equal(whole.end, { kind: 'end' });
  assert.equal(whole.events, [
    { data: '', id: 'a1', event: undefined },
    { data: '{"jsonrpc":"2.0","id":1,"result":{"text":"héllo ✓"}}', id: 'a2', event: 'message' },
    { data: '{"x":\n1}', id: undefined, event: undefined },
  ]);
  assert.equal(whole.retries, [250]);
  for (let cut = 1; cut < STREAM.length; cut++) {
    const split = await read([STREAM.subarray(0, cut), STREAM.subarray(cut)]);
    assert.equal(split.events, whole.events, `cut at byte ${cut}`);
  }
});

test('CRLF and CR line ends are read as LF', async () => {
  const r = await read([Buffer.from('id: 7\r\ndata: {}\r\n\r\ndata: []\r\r')]);
  assert.equal(r.events.map((e) => [e.id, e.data]), [['7', '{}'], [undefined, '[]']]);
});

test('bytes that are not UTF-8 end the stream, even when split across chunks', async () => {
  const r = await read([Buffer.from('data: "a'), Buffer.from([0xe2, 0x82]), Buffer.from([0x28]), Buffer.from('"\n\n')]);
  assert.equal(r.end, { kind: 'invalid-utf8' });
  assert.equal(r.events, []);
  assert.ok(r.body.destroyed);
});

test('an event over the byte limit ends the stream, counting bytes rather than characters', async () => {
  const r = await read([Buffer.from(`data: ${'é'.repeat(60)}\n\n`)], { maxEventBytes: 100, idleMs: 1_000 });
  assert.equal(r.end, { kind: 'too-large', limitBytes: 100 });
  assert.equal(r.events, []);
});

test('a line that never ends is cut off at the limit instead of growing', async () => {
  const body = new PassThrough();
  const reading = readSse(body, { maxEventBytes: 1_000, idleMs: 1_000 }, { onEvent: () => {} });
  for (let i = 0; i < 50 && !body.destroyed; i++) body.write(Buffer.from(`data: ${'x'.repeat(100)}`));
  assert.equal(await reading.ended, { kind: 'too-large', limitBytes: 1_000 });
  assert.ok(body.destroyed);
});

test('lines clients ignore are reported, events around them still read', async () => {
  const r = await read([Buffer.from('{"jsonrpc":"2.0"}\nretry: soon\ndata: 1\n\n')]);
  assert.equal(r.ignored, ['unknown-field:{"jsonrpc":"2.0"}', 'invalid-retry:retry: soon']);
  assert.equal(r.events.map((e) => e.data), ['1']);
});

test('no event within the idle limit ends the stream; the limit can change and be lifted; stop() stops', async () => {
  const body = new PassThrough();
  const reading = readSse(body, { maxEventBytes: 1_000, idleMs: 30 }, { onEvent: () => {} });
  const started = Date.now();
  assert.equal(await reading.ended, { kind: 'idle', limitMs: 30 });
  assert.ok(Date.now() - started >= 25);
  assert.ok(body.destroyed);

  const quiet = new PassThrough();
  const lifted = readSse(quiet, { maxEventBytes: 1_000, idleMs: 30 }, { onEvent: () => 'stop' });
  lifted.setIdle(undefined);
  await new Promise((r) => setTimeout(r, 60));
  quiet.write('data: 1\n\n');
  assert.equal(await lifted.ended, { kind: 'stopped' });
  assert.ok(quiet.destroyed);
});

test('a stream that breaks is an error, not an end', async () => {
  const body = new PassThrough();
  const reading = readSse(body, { maxEventBytes: 1_000, idleMs: undefined }, { onEvent: () => {} });
  body.destroy(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
  assert.equal(await reading.ended, { kind: 'error', code: 'ECONNRESET' });
});

test.run();
