// Why: the memory bounds of the suite and of the benchmark are read by one preloaded hook. A child
// forked from a large parent must report its own peak, not the parent's (Linux keeps ru_maxrss
// across fork and execve, so process.resourceUsage().maxRSS alone would).
import { spawnSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { peakRssHook } from '../../bench/peak-rss.ts';

const MARK = 'peak-kb=';

function peakMb(script: string): number {
  const r = spawnSync(process.execPath, ['--import', peakRssHook(MARK), '-e', script], { encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  const line = r.stderr.split('\n').find((l) => l.startsWith(MARK));
  assert.ok(line, 'the hook printed its line');
  return Number(line.slice(MARK.length)) / 1024;
}

test('a small child of a large parent reports its own peak', () => {
  const ballast = Buffer.alloc(256 * 1024 * 1024, 1);
  const small = peakMb('0');
  assert.ok(ballast.length > 0);
  assert.ok(small < 128, `node -e 0 reported ${small.toFixed(0)} MB beside a 256 MB parent`);
});

test('a child that grows reports what it grew to', () => {
  const grown = peakMb('globalThis.kept = Buffer.alloc(160 * 1024 * 1024, 1)');
  assert.ok(grown > 160, `reported ${grown.toFixed(0)} MB after holding 160 MB`);
});

test.run();
