// Why: "internal error" must mean a defect of ours, never a path a user typed. This generates
// command lines for every command that reads or writes a file, with input and output paths of
// every awkward kind (missing, folders, files used as folders, devices, /proc, odd characters,
// long names), runs them in process, and holds each to an exit code of 0, 1 or 2, no internal
// error, no stack trace, and under --json exactly one JSON document.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../../scripts/cli/run-cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-statechart-bad-args-')));
test.after(() => {
  chmodSync(join(dir, 'locked'), 0o700);
  rmSync(dir, { recursive: true, force: true });
});

copyFileSync(join(ROOT, 'fixtures/course-profile/lifecycle.json'), join(dir, 'fixture.json'));
const step = (message: object) => JSON.stringify({ direction: 'client_to_server', message });
writeFileSync(join(dir, 'transcript.jsonl'), `${step({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n${step({ jsonrpc: '2.0', id: 2, method: 'ping' })}\n`);
writeFileSync(join(dir, 'empty.json'), '');
writeFileSync(join(dir, 'plain.txt'), 'not json at all\n');
writeFileSync(join(dir, 'binary.bin'), new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0x0a, 0xc3]));
mkdirSync(join(dir, 'folder'));
writeFileSync(join(dir, 'folder', 'inner.json'), '{"schema_version": 3,');
mkdirSync(join(dir, 'locked'));
chmodSync(join(dir, 'locked'), 0o500);

/** Paths outside the scratch folder that are safe to try: missing, devices, a file system that refuses folders. */
const SYSTEM = ['/proc/nope', '/proc/nope/deeper/x.html', '/proc/self/mem', '/dev/null', '/dev/zero', '/dev/full', '/nonexistent-folder/x.json', '/'.concat('x'.repeat(300))]
  .filter((p) => !p.startsWith('/proc') || existsSync('/proc/self'));

const LOCAL = ['', '.', '..', 'fixture.json', 'transcript.jsonl', 'empty.json', 'plain.txt', 'binary.bin', 'folder', 'folder/', 'folder/inner.json',
  'plain.txt/child.json', 'locked/out.html', 'nope.json', 'new-folder/sub/out.html', 'x'.repeat(300), `${'deep/'.repeat(40)}x.json`,
  'a b', 'ü€😀.json', 'back\\slash', 'quote".json', 'new\nline', '-', '--', '-x', '~/x', 'folder/../fixture.json'];

/** A path as a user might type it: relative ones are taken inside the scratch folder, and nothing may reach outside it but SYSTEM. */
const typed: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...LOCAL),
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes('\u0000')),
  fc.array(fc.constantFrom('..', '.', 'folder', 'x', '', 'fixture.json', 'plain.txt'), { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/')),
).map((p) => (isAbsolute(p) ? join(dir, p) : join(dir, p)))
  .filter((p) => resolve(p) === dir || resolve(p).startsWith(`${dir}/`));
const path = fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: fc.constantFrom(...SYSTEM) });

/** A command line of one of the commands that take paths, with a path (or several) in every place that takes one. */
const commandLine: fc.Arbitrary<string[]> = fc.oneof(
  fc.tuple(fc.array(path, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.option(fc.constantFrom('course', '2025-11-25', 'bogus'), { nil: undefined }))
    .map(([paths, json, profile]) => ['cases', ...paths, ...(json ? ['--json'] : []), ...(profile ? ['--profile', profile] : [])]),
  fc.tuple(path, fc.boolean(), fc.option(fc.constantFrom('1', '100', '0', 'x'), { nil: undefined }))
    .map(([p, json, max]) => ['validate', p, ...(json ? ['--json'] : []), ...(max ? [`--max-line-bytes=${max}`] : [])]),
  fc.tuple(path, fc.option(path, { nil: undefined }), fc.boolean())
    .map(([p, html, json]) => ['coverage', p, ...(html ? [`--html=${html}`] : []), ...(json ? ['--json'] : [])]),
  path.map((out) => ['diagram', 'lifecycle', '--format', 'dot', `--out=${out}`]),
  fc.tuple(path, path).map(([fixture, out]) => ['inspect', 'lifecycle_full_handshake_then_request', `--fixture=${fixture}`, `--out=${out}`]),
  fc.tuple(path, path).map(([transcript, out]) => ['inspect', `--transcript=${transcript}`, `--out=${out}`]),
);

async function runInProcess(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => void (out += t), err: (t) => void (err += t), color: false });
  return { code, out, err };
}

test('no command line with any input or output path a user can type gives an internal error', async () => {
  const exits = [0, 0, 0];
  await fc.assert(fc.asyncProperty(commandLine, async (argv) => {
    const r = await runInProcess(argv);
    exits[r.code] = (exits[r.code] ?? 0) + 1;
    const shown = JSON.stringify(argv.map((a) => a.replace(dir, '<dir>')));
    assert.ok([0, 1, 2].includes(r.code), `${shown}: exit ${r.code}`);
    assert.not.match(r.err, /internal error/, `${shown}: ${r.err}`);
    assert.not.match(r.err, /\n\s+at /, `${shown}: a stack trace`);
    if (r.code === 2) assert.match(r.err, /^mcp-statechart: /, `${shown}: a failure says why`);
    if (argv.includes('--json')) {
      assert.not.throws(() => JSON.parse(r.out), `${shown}: --json gave no single JSON document: ${r.out.slice(0, 200)}`);
    }
  }), { numRuns: Number(process.env['FUZZ_RUNS'] ?? 120), seed: 20251125, endOnFailure: true });
  console.log(`bad arguments: ${exits.reduce((a, b) => a + b, 0)} command lines (exit 0: ${exits[0]}, 1: ${exits[1]}, 2: ${exits[2]}), none an internal error`);
  assert.ok(exits[0]! + exits[1]! > 0 && exits[2]! > 0, 'the lines tried both run and fail');
});

test.run();
