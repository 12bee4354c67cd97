// Not a defect: a server made the way the 2.x SDK documents it (@modelcontextprotocol/server:
// McpServer from a factory, served by serveStdio, which answers server/discover and serves
// 2026-07-28 statelessly, and pins a legacy instance when the client opens with initialize).
// `--reject-legacy` serves the modern era only (legacy: 'reject').
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { sdkV2Server } from '../sdk-v2-server.mjs';

serveStdio(sdkV2Server, process.argv.includes('--reject-legacy') ? { legacy: 'reject' } : {});
