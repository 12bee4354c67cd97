// Why: the CLI ships bundled so `node dist/cli.js` needs no TypeScript loader. Start-up is most of
// a short run's time, so the program is one minified CommonJS-format bundle, dist/cli.cjs, that
// the entry point dist/cli.js (scripts/launch.ts) compiles with V8's code cache; the commands
// that need more than the judging core (scripts/commands/tooling.ts) are in it too, but their
// modules run only when such a command is asked for. The bundle's external packages are required
// on demand, not imported (an import() inside a vm.Script is experimental in Node 20).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { metaValidatorsSource, MODULE_ID } from './json-schema-meta.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const common = { bundle: true, minify: process.env.MCP_BUILD_KEEP_NAMES !== "1", minifyWhitespace: true, minifySyntax: true, platform: 'node', target: 'node20', legalComments: 'none', logLevel: 'warning' };

// Where each rule is raised and which fixture cases cite it, scanned from these sources now: the
// installed package has no sources for `rules ID` to read.
const scanner = await build({
  stdin: {
    contents: "export { scanRuleSites } from './scripts/rule-sites.ts'; export { RULES } from './validators/rules/index.ts';",
    resolveDir: '.',
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'warning',
});
const { scanRuleSites, RULES } = await import(`data:text/javascript;base64,${Buffer.from(scanner.outputFiles[0].text).toString('base64')}`);
const ruleSites = scanRuleSites(process.cwd(), new Set(RULES.keys()));

// The JSON Schema meta-schemas' validators, generated here rather than compiled by every run that
// meets a tool schema (scripts/json-schema-meta.mjs).
const metaValidators = {
  name: 'json-schema-meta',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^${MODULE_ID}$`) }, () => ({ path: MODULE_ID, namespace: 'json-schema-meta' }));
    b.onLoad({ filter: /.*/, namespace: 'json-schema-meta' }, () => ({ contents: metaValidatorsSource(), loader: 'js', resolveDir: process.cwd() }));
  },
};

rmSync('dist', { recursive: true, force: true });
await build({
  ...common,
  plugins: [metaValidators],
  entryPoints: ['scripts/cli.ts'],
  outfile: 'dist/cli.cjs',
  format: 'cjs',
  supported: { 'dynamic-import': false },
  external: ['@viz-js/viz', 'xmlbuilder2', 'playwright-core', '@modelcontextprotocol/sdk', '@modelcontextprotocol/client', 'ajv', '@statelyai/inspect', 'ws', 'fast-check'],
  define: {
    MCP_STATECHART_VERSION: JSON.stringify(version),
    MCP_STATECHART_RULE_SITES: JSON.stringify(ruleSites),
    'import.meta.url': '__mcpBundleUrl',
  },
});
const hash = createHash('sha256').update(readFileSync('dist/cli.cjs')).digest('hex').slice(0, 16);
await build({
  ...common,
  entryPoints: ['scripts/launch.ts'],
  outfile: 'dist/cli.js',
  format: 'esm',
  define: { MCP_STATECHART_BUNDLE_HASH: JSON.stringify(hash) },
  banner: { js: '#!/usr/bin/env node' },
});
