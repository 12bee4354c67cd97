// Why: a server made with the 1.x SDK (its low-level Server, so that nothing corrects what the
// handlers return) with behaviour bugs that show only when its own surface is exercised: its
// read-only tool answers structuredContent that breaks its outputSchema, and then sends
// notifications/tools/list_changed without declaring listChanged; its prompt answers a message
// whose role the schema does not allow; its resource template's expansions answer contents
// without a uri. Its destructive and unannotated tools record that they were called (on stderr).
// With --slow its read-only tool answers only after 10 s (a call the checker stops waiting for).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'exercise-buggy', version: '1.0.0' }, { capabilities: { tools: {}, resources: {}, prompts: {} } });

const TOOLS = [
  {
    name: 'count_words', description: 'Counts the words of a text.', annotations: { readOnlyHint: true },
    inputSchema: { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'] },
    outputSchema: { type: 'object', properties: { words: { type: 'integer' } }, required: ['words'] },
  },
  {
    name: 'wipe_notes', description: 'Deletes every note.', annotations: { destructiveHint: true },
    inputSchema: { type: 'object', properties: {} },
  },
  { name: 'add_note', description: 'Adds a note.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
];

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (name !== 'count_words') process.stderr.write(`CALLED ${name}\n`);
  if (name === 'count_words' && process.argv.includes('--slow')) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    return { content: [{ type: 'text', text: 'late' }] };
  }
  if (name === 'count_words') {
    const words = String(args?.text ?? '').split(/\s+/).filter(Boolean).length;
    // Planted: tools/list_changed, though the tools capability declares no listChanged.
    await server.sendToolListChanged();
    // Planted: structuredContent whose words is a string, breaking the outputSchema.
    return { content: [{ type: 'text', text: String(words) }], structuredContent: { words: String(words) } };
  }
  return { content: [{ type: 'text', text: 'done' }] };
});
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [{ uri: 'notes://index', name: 'index', mimeType: 'text/plain' }] }));
server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [{ uriTemplate: 'notes://note/{id}', name: 'note', mimeType: 'text/plain' }] }));
server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
  const { uri } = request.params;
  if (uri === 'notes://index') return { contents: [{ uri, mimeType: 'text/plain', text: 'no notes yet' }] };
  // Planted: a template's expansion answers contents without their uri.
  return { contents: [{ mimeType: 'text/plain', text: `note ${uri}` }] };
});
server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [{ name: 'summarize', description: 'Summarize a note.', arguments: [{ name: 'topic', required: true }] }] }));
server.setRequestHandler(GetPromptRequestSchema, async (request) => ({
  // Planted: a role the schema does not allow (only user and assistant).
  messages: [{ role: 'system', content: { type: 'text', text: `Summarize ${request.params.arguments?.topic ?? ''}.` } }],
}));

await server.connect(new StdioServerTransport());
