import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const DIST = resolve(import.meta.dirname, '../../dist');

/** The bundle files a module loads before it runs: itself and its static imports of our own files, transitively. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  // Minified ESM: `import{a as b}from"./chunks/x.js"` and `import"./chunks/x.js"`; dynamic `import("./x.js")` is not followed.
  for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) staticClosure(join(dirname(file), m[1] as string), seen);
  return seen;
}

test('cases, validate and rules start by loading the entry and one chunk of the judging core (commands that need more load as one group)', () => {
  const files = [...staticClosure(join(DIST, 'cli.js'))].map((f) => f.slice(DIST.length + 1));
  assert.ok(files.length <= 2, `the entry loads ${files.length} files: ${files.join(', ')}; a command that needs more than the core belongs in scripts/commands/tooling.ts`);
});

test('the tools for coverage, diagrams, the inspector and benchmarks are not loaded before a command asks for them', () => {
  const loaded = [...staticClosure(join(DIST, 'cli.js'))].map((f) => readFileSync(f, 'utf8')).join('\n');
  assert.not.match(loaded, /getShortestPaths|renderString|WebSocketServer|JSONRPCMessageSchema/, 'no @xstate/graph, viz, ws or SDK code in the start-up files');
});

test.run();
