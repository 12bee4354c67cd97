import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LineSplitter } from '../../transcripts/line-splitter.ts';
import { TranscriptJudge, validateTranscript } from '../../transcripts/transcript-judge.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

function split(chunks: readonly string[], max = 100): string[] {
  const out: string[] = [];
  const s = new LineSplitter(max, (b, n) => out.push(`${n}:${new TextDecoder().decode(b)}`), (n) => out.push(`too long ${n}`));
  for (const c of chunks) s.push(bytes(c));
  s.end();
  return out;
}

test('lines split at LF, CRLF drops the CR, a last line without newline counts, a trailing newline adds none', () => {
  assert.equal(split(['a\nb\r\n', 'c']), ['1:a', '2:b', '3:c']);
  assert.equal(split(['a\n\nb\n']), ['1:a', '2:', '3:b']);
  assert.equal(split(['']), []);
});

test('a line cut across chunks (even inside CRLF or a UTF-8 sequence) is joined whole', () => {
  const euro = bytes('€');
  const out: string[] = [];
  const s = new LineSplitter(100, (b) => out.push(new TextDecoder('utf-8', { fatal: true }).decode(b)), () => {
    throw new Error('too long');
  });
  s.push(bytes('ab'));
  s.push(euro.subarray(0, 1));
  s.push(euro.subarray(1));
  s.push(bytes('c\r'));
  s.push(bytes('\nd'));
  s.end();
  assert.equal(out, ['ab€c', 'd']);
});

test('a line over the limit is reported once, as soon as it passes the limit, and the rest of it is skipped', () => {
  assert.equal(split(['12345\n'], 5), ['1:12345']);
  assert.equal(split(['12345\r\n'], 5), ['1:12345']);
  assert.equal(split(['ok\n123', '456\n', 'next\n'], 5), ['1:ok', 'too long 2', '3:next']);
  assert.equal(split(['123456\nok'], 5), ['too long 1', '2:ok'], 'a whole over-long line within one chunk');
  assert.equal(split(['ok\n1234', '56'], 5), ['1:ok', 'too long 2'], 'an over-long last line without a newline');
  let handed = 0;
  let reported = 0;
  const s = new LineSplitter(4, () => void (handed += 1), () => void (reported += 1));
  for (let i = 0; i < 1000; i++) s.push(bytes('xx'));
  s.push(bytes('\nabc\n'));
  s.end();
  assert.equal([handed, reported, s.lines], [1, 1, 2], 'reported once; the line after it is handed over');
});

test('validateTranscript: an over-long line is a json/size-limit finding on its line, and the next lines are judged', async () => {
  const source = (async function* () {
    yield bytes('{"mcp_statechart_transcript":1,"setup":"ready"}\n');
    yield bytes('{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}\n');
    yield bytes(`{"x":"${'y'.repeat(200)}"}\n`);
    yield bytes('{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":1,"result":{}}}\n');
  })();
  const { report, failure } = await validateTranscript(source, { maxLineBytes: 100 });
  assert.is(failure, undefined);
  assert.equal(report.findings.map((f) => [f.line, f.rule, f.message]), [[3, 'json/size-limit', 'Invalid JSON: the line is larger than the 100-byte limit (--max-line-bytes raises it)']]);
  assert.is(report.messages, 2, 'the lines\' messages, not those of the handshake the header stands for');
  assert.is(report.lines, 4);
});

test('TranscriptJudge: blank lines count as lines but are not messages; findings keep their line', () => {
  const judge = new TranscriptJudge();
  judge.line(bytes('{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}'), 1);
  judge.line(bytes('  '), 2);
  judge.line(bytes('{"control_event":{"type":"activate_authorization_revision","revision":"r2"}}'), 3);
  const report = judge.finish();
  assert.equal([report.lines, report.messages, report.status], [3, 1, 'failed']);
  assert.equal(report.findings.map((f) => [f.line, f.rule]), [[1, 'lifecycle/initialize-first']]);
});

test.run();
