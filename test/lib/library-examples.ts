// Why: the library page's examples are code a user copies, so they are checked as a user would
// run them: typechecked against the shipped declarations (dist/index.d.ts, through the package's
// name) and the node:test one run. The docs test does it in the checkout, the packed-library test
// from the installed tarball; both take the examples from the page itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The examples of docs/library.md: each `ts` block whose first line is `// example: FILE`. */
export function libraryExamples(): { file: string; code: string }[] {
  const page = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
  return [...page.matchAll(/^```ts\n\/\/ example: (\S+)\n([\s\S]*?)^```$/gm)].map((m) => ({ file: m[1] as string, code: `// example: ${m[1]}\n${m[2]}` }));
}

/** What a run of a tool in the examples' folder gave. */
export interface Outcome {
  readonly status: number | null;
  readonly output: string;
}

/**
 * Writes the examples into `dir` (which resolves `mcp-statechart` and the SDK), typechecks and
 * compiles them with the checkout's TypeScript, then runs the node:test ones with `node --test`.
 */
export function checkExamples(dir: string): { typecheck: Outcome; run: Outcome; examples: string[] } {
  mkdirSync(dir, { recursive: true });
  const examples = libraryExamples();
  for (const e of examples) writeFileSync(join(dir, e.file), e.code);
  const shim = join(ROOT, 'test/lib/vitest-shim.d.ts');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true,
      types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], outDir: 'out', rootDir: '.',
    },
    files: [...examples.map((e) => e.file), shim],
  }, null, 2));
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  const typecheck = { status: tsc.status, output: tsc.stdout + tsc.stderr };
  const runnable = examples.filter((e) => e.code.includes("from 'node:test'")).map((e) => join(dir, 'out', e.file.replace(/\.mts$/, '.mjs').replace(/\.ts$/, '.js')));
  const node = tsc.status === 0 ? spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...runnable], { cwd: dir, encoding: 'utf8', timeout: 120_000 }) : undefined;
  return { typecheck, run: { status: node?.status ?? null, output: node === undefined ? '' : node.stdout + node.stderr }, examples: examples.map((e) => e.file) };
}
