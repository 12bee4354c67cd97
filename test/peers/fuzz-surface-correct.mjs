// Why: a correct SDK 1.x server (McpServer with zod schemas, as most servers are written) whose
// read-only tools have rich inputSchemas (enums, bounds, lengths, patterns, formats, nested
// objects, arrays, optional and nullable members) and outputSchemas its answers keep. Fuzz must
// find nothing here, calling its read-only tools with valid and invalid arguments. Its destructive
// and unannotated tools end the process when called, so a run that calls them shows it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'fuzz-surface-correct', version: '1.0.0' }, { capabilities: { resources: {}, prompts: {} } });

server.registerTool('forecast', {
  description: 'A weather forecast.',
  inputSchema: {
    city: z.string().min(1).max(40),
    unit: z.enum(['celsius', 'fahrenheit']).optional(),
    days: z.number().int().min(1).max(7),
    when: z.string().datetime().nullable().optional(),
    code: z.string().regex(/^[A-Z]{2}$/).optional(),
    where: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
    tags: z.array(z.string().min(1).max(10)).max(3).optional(),
    contact: z.string().email().optional(),
    id: z.string().uuid().optional(),
  },
  outputSchema: { city: z.string(), temperatures: z.array(z.number()), unit: z.enum(['celsius', 'fahrenheit']) },
  annotations: { readOnlyHint: true },
}, async ({ city, unit = 'celsius', days }) => {
  const structured = { city, temperatures: Array.from({ length: days }, (_, i) => 10 + i), unit };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
});

server.registerTool('sum', {
  description: 'Adds numbers.',
  inputSchema: { values: z.array(z.number()).min(1).max(5), round: z.boolean().optional() },
  outputSchema: { total: z.number() },
  annotations: { readOnlyHint: true, openWorldHint: false },
}, async ({ values, round }) => {
  const total = values.reduce((a, b) => a + b, 0);
  const structured = { total: round === true ? Math.round(total) : total };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
});

server.registerTool('wipe', { description: 'Deletes all data.', inputSchema: { really: z.boolean() }, annotations: { destructiveHint: true, readOnlyHint: false } }, async () => process.exit(3));
server.registerTool('notify', { description: 'Sends a notification.', inputSchema: { message: z.string() } }, async () => process.exit(4));

server.registerResource('readme', 'note://readme', { mimeType: 'text/plain', description: 'A note.' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'hello' }] }));
server.registerPrompt('summarize', { description: 'Summarizes.', argsSchema: { style: z.string().optional() } }, ({ style }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize${style === undefined ? '' : ` in a ${style} style`}.` } }] }));

await server.connect(new StdioServerTransport());
