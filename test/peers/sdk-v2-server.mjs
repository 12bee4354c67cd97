// Why: the 2.x SDK peers (stdio and Streamable HTTP) serve the same McpServer: one tool, one
// resource, one prompt, registered the way the SDK's README shows, so that their traffic is the SDK's.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** A fresh server (the SDK's serving entries call this factory per connection or request). */
export function sdkV2Server() {
  const server = new McpServer({ name: 'sdk-v2-peer', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes the text back.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }));
  server.registerResource('note', 'memo://note', { description: 'A note.', mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'a note' }] }));
  server.registerPrompt('greeting', { description: 'A greeting.' }, async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello.' } }] }));
  return server;
}
