// Why: a server whose defects are reachable only through its own surface with arguments: a prompt
// that requires one (`--bad-prompt`: its prompts/get answers a message without a role) and a
// resource template (`--bad-template`: a read of an expanded URI answers contents without a uri).
// Without a flag it is correct. Made with the SDK 1.x low-level Server so a defect reaches the wire.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const badPrompt = process.argv.includes('--bad-prompt');
const badTemplate = process.argv.includes('--bad-template');

const server = new Server({ name: 'fuzz-surface-prompts', version: '1.0.0' }, { capabilities: { prompts: {}, resources: {} } });
server.setRequestHandler(ListPromptsRequestSchema, async () => ({
  prompts: [{ name: 'summarize', description: 'Summarizes a topic.', arguments: [{ name: 'topic', required: true }, { name: 'style', required: false }] }],
}));
server.setRequestHandler(GetPromptRequestSchema, async (request) => {
  const topic = request.params.arguments?.topic;
  if (request.params.name !== 'summarize' || typeof topic !== 'string') throw new Error('unknown prompt or missing topic');
  const message = { role: 'user', content: { type: 'text', text: `Summarize ${topic}.` } };
  if (badPrompt) delete message.role;
  return { messages: [message] };
});
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [{ uriTemplate: 'notes://{day}', name: 'notes', mimeType: 'text/plain' }] }));
server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
  const { uri } = request.params;
  if (!uri.startsWith('notes://')) throw new Error('no such resource');
  const content = { uri, mimeType: 'text/plain', text: `notes of ${uri.slice('notes://'.length)}` };
  if (badTemplate) delete content.uri;
  return { contents: [content] };
});
await server.connect(new StdioServerTransport());
