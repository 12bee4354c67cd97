// Why: RELIABILITY.md names the test that holds each promise; a renamed or removed test file would
// leave a promise held by nothing while the page still cites it.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const page = readFileSync(join(ROOT, 'RELIABILITY.md'), 'utf8');

test('every test file RELIABILITY.md names exists', () => {
  const named = [...new Set([...page.matchAll(/`(test\/[\w./-]+\.(?:ts|mjs))`/g)].map((m) => m[1]!))];
  assert.ok(named.length > 20, `${named.length} files named`);
  assert.equal(named.filter((file) => !existsSync(join(ROOT, file))), []);
});

test.run();
