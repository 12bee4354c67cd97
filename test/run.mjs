// Why: CI reads a plain `N passed, N failed` closing line, which uvu does not print. This loads
// every test/**/*.test.ts (or the files named on the command line) into one uvu run and closes
// with that line; a file that cannot even load counts as a failure, and so does a process or a
// listening socket that the tests left behind.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

globalThis.UVU_DEFER = 1;
globalThis.UVU_QUEUE = [];

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
const named = process.argv.slice(2).map((f) => resolve(f));
const files = named.length > 0 ? named : collect(join(root, 'test'));

let output = '';
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  output = (output + String(chunk)).slice(-8192);
  return write(chunk, ...rest);
};

let loadFailures = 0;
const { exec } = await import('uvu');
for (const [index, file] of files.entries()) {
  globalThis.UVU_INDEX = index;
  globalThis.UVU_QUEUE[index] = [relative(root, file)];
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    loadFailures += 1;
    console.error(`could not load ${relative(root, file)}: ${error?.stack ?? error}`);
  }
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
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = total > 0 && failed === 0 && !process.exitCode ? 0 : 1;
