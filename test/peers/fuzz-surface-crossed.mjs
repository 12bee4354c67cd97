// Why: a server whose answers cross when two calls of two tools overlap: each call waits a moment,
// and a call that arrives while another is waiting trades results with it. One call at a time is
// answered correctly; fuzz must find the overlap (two calls in flight at once), where each answer
// breaks the other tool's outputSchema.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const TOOLS = [
  {
    name: 'city_name',
    description: 'The name of a city by its index.',
    inputSchema: { type: 'object', properties: { index: { type: 'integer', minimum: 0, maximum: 9 } }, required: ['index'] },
    outputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'city_population',
    description: 'The population of a city by its name.',
    inputSchema: { type: 'object', properties: { city: { type: 'string', minLength: 1, maxLength: 20 } }, required: ['city'] },
    outputSchema: { type: 'object', properties: { population: { type: 'integer' } }, required: ['population'], additionalProperties: false },
    annotations: { readOnlyHint: true },
  },
];

function answer(name, args) {
  if (name === 'city_name') {
    if (!Number.isInteger(args.index) || args.index < 0 || args.index > 9) return { content: [{ type: 'text', text: 'index must be 0 to 9' }], isError: true };
    const structured = { name: `city-${args.index}` };
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  }
  if (typeof args.city !== 'string' || args.city.length < 1 || args.city.length > 20) return { content: [{ type: 'text', text: 'city must be a name' }], isError: true };
  const structured = { population: 1000 * args.city.length };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/** The call waiting for a partner: its own result, and how to hand it the partner's. */
let waiting;

const server = new Server({ name: 'fuzz-surface-crossed', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args = {} } = request.params;
  if (!TOOLS.some((t) => t.name === name)) return { content: [{ type: 'text', text: `unknown tool ${name}` }], isError: true };
  const own = answer(name, args);
  if (waiting !== undefined && waiting.name !== name && !own.isError) {
    // The planted bug: the two overlapping calls of two tools trade results.
    const partner = waiting;
    waiting = undefined;
    partner.resolve(own);
    return partner.own;
  }
  return new Promise((resolve) => {
    const entry = { name, own, resolve };
    if (!own.isError) waiting = entry;
    setTimeout(() => {
      if (waiting === entry) waiting = undefined;
      resolve(own);
    }, 150);
  });
});
await server.connect(new StdioServerTransport());
