// Why: the clean exercise surface (exercise-clean-server.mjs) on the 2.x SDK: a factory for its
// serving entries (serveStdio when run as a script, createMcpHandler in exercise-http.ts), both eras.
// Its search tool's region is mirrored into Mcp-Param-Region (x-mcp-header) in 2026-07-28.
import { completable, McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { registerClean } from './exercise-clean-server.mjs';

/** A fresh server (the SDK's serving entries call this factory per connection or request). */
export function cleanSdk2Server() {
  return registerClean(new McpServer({ name: 'exercise-clean-sdk2', version: '1.0.0' }), { z, ResourceTemplate, completable, headers: true });
}

/** The same, with slow_read taking 5 s whatever it is given. */
export function slowSdk2Server() {
  return registerClean(new McpServer({ name: 'exercise-slow-sdk2', version: '1.0.0' }), { z, ResourceTemplate, completable, headers: true, slow: true });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  serveStdio(cleanSdk2Server);
}
