// Why: long runs show one live line on a terminal and nothing anywhere else: the line says runs
// done of the total, findings so far, elapsed time and time left, is redrawn in place at most every
// PROGRESS_INTERVAL_MS, and is cleared at the end; off a terminal (a pipe, a file) or when the
// command prints JSON, not a byte is written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clock, PROGRESS_INTERVAL_MS, ProgressLine, progressText } from '../../scripts/cli/progress-line.ts';

function fakeStream(isTTY: boolean, columns = 80) {
  const writes: string[] = [];
  return { stream: { isTTY, columns, write: (text: string) => writes.push(text) }, writes };
}

test('on a terminal: runs done of total, findings, elapsed, time left; redrawn in place and cleared', () => {
  let now = 0;
  const { stream, writes } = fakeStream(true);
  const line = new ProgressLine(stream, 'fuzz', { now: () => now });
  now = 10_000;
  line.update({ done: 5, total: 50, findings: 0 });
  assert.equal(writes, ['\r\x1b[2Kfuzz: 5/50 runs, 0 findings, 0:10 elapsed, ~1:30 left']);
  now += PROGRESS_INTERVAL_MS / 2;
  line.update({ done: 6, total: 50, findings: 1 });
  assert.is(writes.length, 1, 'throttled');
  now += PROGRESS_INTERVAL_MS;
  line.update({ done: 7, total: 50, findings: 1 });
  assert.match(writes[1] as string, /^\r\x1b\[2Kfuzz: 7\/50 runs, 1 finding, 0:10 elapsed, ~/);
  line.update({ done: 50, total: 50, findings: 1 });
  assert.match(writes[2] as string, /50\/50 runs, 1 finding, 0:10 elapsed$/, 'the last update is drawn, with no time left');
  line.clear();
  assert.is(writes[3], '\r\x1b[2K');
  line.clear();
  assert.is(writes.length, 4, 'cleared once');
});

test('off a terminal, or disabled (--json, --quiet): nothing is written', () => {
  for (const [isTTY, enabled] of [[false, true], [true, false]] as const) {
    const { stream, writes } = fakeStream(isTTY);
    const line = new ProgressLine(stream, 'fuzz', { enabled, now: () => 1000 });
    line.update({ done: 1, total: 2, findings: 0 });
    line.update({ done: 2, total: 2, findings: 0 });
    line.clear();
    assert.equal(writes, []);
    assert.is(line.live, false);
  }
  assert.is(new ProgressLine(fakeStream(true).stream, 'matrix', { unit: 'cells' }).live, true);
  const line = new ProgressLine(undefined, 'fuzz');
  line.update({ done: 1, total: 1, findings: 0 });
  line.clear();
});

test('a deadline bounds the time left; a narrow terminal cuts the line; other counts are named', () => {
  assert.is(progressText('fuzz', 'runs', { done: 1, total: 100, findings: 0 }, 60_000, 30_000), 'fuzz: 1/100 runs, 0 findings, 1:00 elapsed, ~0:30 left');
  assert.is(progressText('replay', 'runs', { done: 0, total: 10, findings: 0 }, 0, undefined, (n) => `${n} reproduced`), 'replay: 0/10 runs, 0 reproduced, 0:00 elapsed');
  assert.is(clock(3_725_000), '1:02:05');
  const { stream, writes } = fakeStream(true, 30);
  new ProgressLine(stream, 'fuzz', { now: () => 0 }).update({ done: 1, total: 500, findings: 3 });
  assert.ok((writes[0] as string).length <= '\r\x1b[2K'.length + 29, JSON.stringify(writes[0]));
  assert.ok((writes[0] as string).endsWith('…'));
});

test.run();
