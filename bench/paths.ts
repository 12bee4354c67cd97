import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the folder with this package's package.json), from the source or the bundle. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && /"name":\s*"mcp-statechart"/.test(readFileSync(manifest, 'utf8'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/** Where the benchmark finds its inputs and writes its report. */
export interface BenchPaths {
  readonly root: string;
  readonly cli: string;
  readonly course: string;
  readonly schema: string;
  readonly report: string;
}

/** The benchmark's paths below `root`; the course fixture and the official schema sit beside the project. */
export function benchPaths(root = projectRoot()): BenchPaths {
  return {
    root,
    cli: join(root, 'dist', 'cli.js'),
    course: resolve(root, '../shared/course/mcp-cases.json'),
    schema: resolve(root, '../shared/spec/schema-2025-11-25.json'),
    report: join(root, 'BENCHMARKS.md'),
  };
}
