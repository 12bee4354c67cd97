// Why: the server end of the exercise-throughput workload (bench/exercise-surface.mjs) on the
// official 1.x SDK's McpServer over stdio: what `check --exercise all` and the bare SDK client
// (bench/live-sdk-exercise-client.mjs) both call.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { PROMPT, RESOURCE, TEMPLATE, tools } from './exercise-surface.mjs';

const server = new McpServer({ name: 'bench-exercise-server', version: '1.0.0' });
for (const tool of tools(z)) {
  server.registerTool(tool.name, { description: `The ${tool.name} tool.`, annotations: { readOnlyHint: true }, inputSchema: tool.input },
    async (args) => ({ content: [{ type: 'text', text: tool.run(args) }] }));
}
server.registerResource(RESOURCE.name, RESOURCE.uri, { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'The bench server.' }] }));
server.registerResource(TEMPLATE.name, new ResourceTemplate(TEMPLATE.uriTemplate, { list: undefined }), { mimeType: 'text/plain' },
  async (uri, { day }) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: `notes of ${day}` }] }));
server.registerPrompt(PROMPT.name, { description: 'Summarizes a topic.', argsSchema: { topic: z.string() } },
  async ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${topic}.` } }] }));
await server.connect(new StdioServerTransport());
