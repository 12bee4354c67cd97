import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readBounded, ReadError, readStreamBounded } from '../../files/read-bounded.ts';
import { StrictJsonError } from '../../validators/strict-json.ts';

const DISTINCT = 'zq-private-folder-7e31';
const dir = mkdtempSync(join(tmpdir(), `${DISTINCT}-`));
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.unreachable('the read succeeded');
  return undefined;
}

function assertSizeLimit(error: unknown, limit: number): void {
  assert.instance(error, StrictJsonError);
  const e = error as StrictJsonError;
  assert.is(e.rule, 'json/size-limit');
  assert.equal([e.line, e.column, e.pointer], [1, 1, '']);
  assert.is(e.message, `Invalid JSON: the input is larger than the ${limit}-byte limit`);
}

test('reads a file whole when it fits the limit', async () => {
  const bytes = await readBounded(file('ok.json', '{"a":"é"}'), 100);
  assert.instance(bytes, Uint8Array);
  assert.is(new TextDecoder().decode(bytes), '{"a":"é"}');
  assert.is((await readBounded(file('empty.json', ''), 0)).length, 0);
});

test('exactly limit bytes are accepted, limit + 1 refused with json/size-limit', async () => {
  const path = file('ten.json', '1234567890');
  assert.is((await readBounded(path, 10)).length, 10);
  assertSizeLimit(await failure(readBounded(path, 9)), 9);
  assertSizeLimit(await failure(readBounded(path, 0)), 0);
});

test('2,000,000 bytes are read, 2,000,001 refused', async () => {
  const body = (n: number): string => `"${'a'.repeat(n - 2)}"`;
  assert.is((await readBounded(file('two-mb.json', body(2_000_000)), 2_000_000)).length, 2_000_000);
  assertSizeLimit(await failure(readBounded(file('two-mb-and-one.json', body(2_000_001)), 2_000_000)), 2_000_000);
});

test('a huge sparse file is refused without being loaded', async () => {
  const path = file('huge.json', '');
  truncateSync(path, 8 * 1024 ** 3);
  const before = process.memoryUsage().arrayBuffers;
  assertSizeLimit(await failure(readBounded(path, 2_000_000)), 2_000_000);
  assert.ok(process.memoryUsage().arrayBuffers - before < 64 * 1024 * 1024);
  rmSync(path);
});

test('an endless device is read only up to limit + 1 bytes', async () => {
  if (!existsSync('/dev/zero')) return;
  const started = performance.now();
  assertSizeLimit(await failure(readBounded('/dev/zero', 100_000)), 100_000);
  assert.ok(performance.now() - started < 2000);
});

test('a missing file gives a ReadError that does not name the path', async () => {
  const missing = join(dir, 'no-such-fixture.json');
  const error = await failure(readBounded(missing, 100));
  assert.instance(error, ReadError);
  const e = error as ReadError;
  assert.is(e.code, 'ENOENT');
  assert.is(e.message, 'could not read the input: no such file or folder (ENOENT)');
  assert.not.match(e.message, DISTINCT);
  assert.not.match(e.message, 'no-such-fixture');
  assert.not.match(e.stack ?? '', DISTINCT);
});

test('a directory gives ReadError EISDIR without the path', async () => {
  const folder = join(dir, 'a-folder');
  mkdirSync(folder);
  const error = await failure(readBounded(folder, 100));
  assert.instance(error, ReadError);
  assert.is((error as ReadError).code, 'EISDIR');
  assert.is((error as ReadError).message, 'could not read the input: it is a folder (EISDIR)');
  assert.not.match((error as ReadError).message, DISTINCT);
});

test('a path through a file gives ReadError ENOTDIR without the path', async () => {
  const error = await failure(readBounded(join(file('plain.json', '1'), 'child.json'), 100));
  assert.instance(error, ReadError);
  assert.is((error as ReadError).code, 'ENOTDIR');
  assert.not.match((error as ReadError).message, DISTINCT);
});

test('a negative or fractional limit is misuse', async () => {
  assert.instance(await failure(readBounded(join(dir, 'ok.json'), -1)), RangeError);
  assert.instance(await failure(readBounded(join(dir, 'ok.json'), 1.5)), RangeError);
});

test('readStreamBounded collects chunks and stops at the first byte past the limit', async () => {
  const collected = await readStreamBounded(Readable.from([new Uint8Array([0x5b]), '1,', new Uint8Array([0x32, 0x5d])]), 5);
  assert.is(new TextDecoder().decode(collected), '[1,2]');
  let pulled = 0;
  async function* endless(): AsyncGenerator<Uint8Array> {
    for (;;) {
      pulled++;
      yield new Uint8Array(1000);
    }
  }
  assertSizeLimit(await failure(readStreamBounded(endless(), 4500)), 4500);
  assert.is(pulled, 5);
});

test('readStreamBounded turns a stream error into a ReadError without its message', async () => {
  async function* broken(): AsyncGenerator<Uint8Array> {
    yield new Uint8Array(1);
    throw Object.assign(new Error(`EACCES: permission denied, open '${dir}/x'`), { code: 'EACCES' });
  }
  const error = await failure(readStreamBounded(broken(), 100));
  assert.instance(error, ReadError);
  assert.is((error as ReadError).message, 'could not read the input: permission denied (EACCES)');
});

const root = resolve(import.meta.dirname, '..', '..');
const readStdin = (input: string, limit: number): { stdout: string; status: number | null } => {
  const script = `import('./files/read-bounded.ts').then(
    (m) => m.readBounded('-', ${limit}).then((b) => process.stdout.write('read ' + b.length)),
  ).catch((e) => process.stdout.write(String(e.rule ?? e.code)));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, input, encoding: 'utf8' });
  return { stdout: result.stdout, status: result.status };
};

test('"-" reads standard input, bounded too', () => {
  assert.equal(readStdin('{"a":1}', 7), { stdout: 'read 7', status: 0 });
  assert.equal(readStdin('x'.repeat(300_000), 1000), { stdout: 'json/size-limit', status: 0 });
  assert.equal(readStdin('', 0), { stdout: 'read 0', status: 0 });
});

test.after(() => {
  rmSync(dir, { recursive: true, force: true });
});

test.run();
