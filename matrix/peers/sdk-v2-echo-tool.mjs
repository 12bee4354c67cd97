// Why: both 2.x echo servers of the matrix (the McpServer on a transport, and the dual-era one the
// SDK's serving entries make per connection or request) serve the same McpServer, so that a
// difference between their cells is the serving entry's, never the tool's.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** A new server with the one echo tool. */
export function echoServer() {
  const server = new McpServer({ name: 'matrix-echo-server', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes the text back.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }));
  return server;
}
