// Why: the CLI ships as one ESM file so `node dist/cli.js` starts fast and needs no TypeScript loader.
import { build } from 'esbuild';

await build({
  entryPoints: ['scripts/cli.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@viz-js/viz', 'playwright-core', '@modelcontextprotocol/sdk', 'ajv', '@statelyai/inspect', 'fast-check'],
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  logLevel: 'warning',
});
