import { readFileSync } from 'node:fs';

declare const MCP_STATECHART_VERSION: string | undefined;

/** The package version: bundled into dist/cli.js at build time, read from package.json when run from source. */
export function packageVersion(): string {
  if (typeof MCP_STATECHART_VERSION === 'string') return MCP_STATECHART_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}
