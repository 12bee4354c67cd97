import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InputError } from '../../files/input-error.ts';
import { LineSplitter } from '../../transcripts/line-splitter.ts';
import { TranscriptJudge } from '../../transcripts/transcript-judge.ts';
import { validateTranscript } from '../../transcripts/validate-transcript.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

function split(chunks: readonly string[], max = 100): string[] {
  const out: string[] = [];
  const s = new LineSplitter(max, (b, n) => out.push(`${n}:${new TextDecoder().decode(b)}`), (n) => {
    throw new Error(`too long ${n}`);
  });
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

test('a line over the limit is refused as soon as it passes it, with its number; exactly the limit is fine', () => {
  assert.equal(split(['12345\n'], 5), ['1:12345']);
  assert.equal(split(['12345\r\n'], 5), ['1:12345']);
  assert.throws(() => split(['ok\n123', '456\n'], 5), /too long 2/);
  let handed = 0;
  const s = new LineSplitter(4, () => void (handed += 1), (n) => {
    throw new Error(`too long ${n}`);
  });
  assert.throws(() => {
    for (let i = 0; i < 1000; i++) s.push(bytes('xx'));
  }, /too long 1/);
  assert.is(handed, 0);
});

test('validateTranscript: an over-long line stops the run there (json/size-limit, its line), with the lines before it judged', async () => {
  let pulled = 0;
  const source = (async function* () {
    yield bytes('{"mcp_statechart_transcript":1,"setup":"ready"}\n');
    yield bytes('{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}\n');
    for (;;) {
      pulled += 1;
      yield bytes('y'.repeat(64)); // a line without end: not read past the limit
    }
  })();
  const { report, failure } = await validateTranscript(source, { maxLineBytes: 100 });
  assert.instance(failure, InputError);
  assert.is((failure as InputError).rule, 'json/size-limit');
  assert.is((failure as InputError).message, 'line 3: the line is larger than the 100-byte limit; --max-line-bytes raises it');
  assert.is(report.status, 'error');
  assert.is(report.messages, 1);
  assert.ok(pulled <= 3, `read ${pulled} pieces of the over-long line`);
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
