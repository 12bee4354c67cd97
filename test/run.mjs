// Why: CI reads a plain `N passed, N failed` closing line, which uvu does not print. This loads
// every test/**/*.test.ts (or the files and folders named on the command line) into one uvu run and closes
// with that line; a file that cannot even load counts as a failure, and so does a process or a
// listening socket that the tests left behind.
//
// With `--jobs N` the files are dealt to N child runs of this script (each its own process, its
// own leftovers check), balanced by how long each file took last time (kept in
// node_modules/.cache/mcp-statechart/test-durations.json; file sizes stand in before the first
// run); each child's output is printed whole when it ends, and the closing line sums them.
//
//   node --import tsx test/run.mjs [--jobs N] [FILE|FOLDER ...]
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...collect(full));
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const root = resolve(import.meta.dirname, '..');
const DURATIONS = join(root, 'node_modules', '.cache', 'mcp-statechart', 'test-durations.json');
/** Where a child run writes its files' durations for the run that started it. */
const DURATIONS_OUT = 'MCP_STATECHART_TEST_DURATIONS_OUT';

let jobs = 1;
const named = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--jobs') jobs = Number(args[++i]);
  else if (arg.startsWith('--jobs=')) jobs = Number(arg.slice('--jobs='.length));
  else named.push(resolve(arg));
}
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error('test/run.mjs: --jobs takes a whole number of at least 1');
  process.exit(2);
}
// A folder named on the command line stands for every test file under it.
const expand = (path) => {
  try {
    return statSync(path).isDirectory() ? collect(path) : [path];
  } catch {
    return [path];
  }
};
const files = named.length > 0 ? named.flatMap(expand) : collect(join(root, 'test'));

/** Milliseconds each test file took when it last ran, by path from the root. */
function readDurations() {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8'));
  } catch {
    return {};
  }
}

/** Adds `measured` to the kept durations (written whole: a concurrent reader sees the old file or the new). */
function keepDurations(measured) {
  try {
    mkdirSync(dirname(DURATIONS), { recursive: true });
    const partial = `${DURATIONS}.${process.pid}`;
    writeFileSync(partial, JSON.stringify({ ...readDurations(), ...measured }, null, 1));
    renameSync(partial, DURATIONS);
  } catch {
    // Only the next balance is worse.
  }
}

/** Deals the files to `n` shards, longest first to the least loaded; each shard keeps path order. */
function balance(list, n) {
  const known = readDurations();
  const rel = (file) => relative(root, file);
  const measured = list.map((f) => known[rel(f)]).filter((ms) => typeof ms === 'number').sort((a, b) => a - b);
  // Before any run the file size stands in for time; after, a new file weighs the median.
  const weight = (file) => measured.length === 0 ? statSync(file, { throwIfNoEntry: false })?.size ?? 0
    : known[rel(file)] ?? measured[Math.floor(measured.length / 2)];
  const shards = Array.from({ length: n }, () => ({ files: [], load: 0 }));
  for (const file of [...list].sort((a, b) => weight(b) - weight(a))) {
    const lightest = shards.reduce((a, b) => (b.load < a.load ? b : a));
    lightest.files.push(file);
    lightest.load += weight(file);
  }
  return shards.map((s) => s.files.sort()).filter((s) => s.length > 0);
}

/** Runs the shards as child runs, prints each one's output when it ends, and closes with the summed line. */
async function runShards(shards) {
  const out = join(dirname(DURATIONS), `shard-durations-${process.pid}`);
  const results = await Promise.all(shards.map((shard, i) => new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...shard], {
      env: { ...process.env, [DURATIONS_OUT]: `${out}-${i}.json` }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n[shard ${i + 1}/${shards.length}: ${shard.length} files]\n${text}`);
      const last = [...text.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
      const passed = Number(last?.[1] ?? 0);
      // A shard that ends without its line, or fails without counting a failure, is one failure.
      const failed = Number(last?.[2] ?? 0) + (last === undefined || (code !== 0 && Number(last[2]) === 0) ? 1 : 0);
      let durations = {};
      try {
        durations = JSON.parse(readFileSync(`${out}-${i}.json`, 'utf8'));
      } catch {
        // The shard did not get as far.
      }
      done({ passed, failed, durations });
    });
  })));
  keepDurations(Object.assign({}, ...results.map((r) => r.durations)));
  for (const [i] of shards.entries()) rmSync(`${out}-${i}.json`, { force: true });
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = passed + failed > 0 && failed === 0 ? 0 : 1;
}

/** Runs the files in this process, in one uvu run, and closes with the line. */
async function runHere(list) {
  let output = '';
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    output = (output + String(chunk)).slice(-8192);
    return write(chunk, ...rest);
  };

  // Each file's time: its loading, and its suites from the first to the last (markers around them in uvu's queue).
  const durations = {};
  let loadFailures = 0;
  const { exec } = await import('uvu');
  for (const [index, file] of list.entries()) {
    const name = relative(root, file);
    let started = 0;
    globalThis.UVU_INDEX = index;
    globalThis.UVU_QUEUE[index] = [name, async () => {
      started = performance.now();
      return ['', 0, 0, 0];
    }];
    const loading = performance.now();
    try {
      await import(pathToFileURL(file).href);
    } catch (error) {
      loadFailures += 1;
      console.error(`could not load ${name}: ${error?.stack ?? error}`);
    }
    const loaded = performance.now() - loading;
    globalThis.UVU_QUEUE[index].push(async () => {
      durations[name] = Math.round(loaded + performance.now() - started);
      return ['', 0, 0, 0];
    });
  }
  await exec(false);

  // Nothing may outlive the tests: no child process, no listening socket of this process tree.
  const { leftovers } = await import('./support/leftovers.ts');
  const left = await leftovers();
  for (const line of left) console.error(`left behind by the tests: ${line}`);
  const leftBehind = left.length > 0 ? 1 : 0;

  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const failed = Math.max(0, total - passed - skipped) + loadFailures + leftBehind;
  process.stdout.write = write;
  const target = process.env[DURATIONS_OUT];
  if (target) writeFileSync(target, JSON.stringify(durations));
  else keepDurations(durations);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = total > 0 && failed === 0 && !process.exitCode ? 0 : 1;
}

globalThis.UVU_DEFER = 1;
globalThis.UVU_QUEUE = [];
const shards = jobs > 1 && process.env[DURATIONS_OUT] === undefined ? balance(files, jobs) : [files];
if (shards.length > 1) await runShards(shards);
else await runHere(files);
