// Why: the CLI ships as bundled ESM so `node dist/cli.js` needs no TypeScript loader. It is
// minified and split into chunks so that `cases` compiles only the statechart core, not coverage,
// diagrams or benchmarks: start-up is most of a short run's time.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { cli: 'scripts/cli.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@viz-js/viz', 'playwright-core', '@modelcontextprotocol/sdk', 'ajv', '@statelyai/inspect', 'ws', 'fast-check'],
  define: { MCP_STATECHART_VERSION: JSON.stringify(version) },
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  logLevel: 'warning',
});
