// Why: a server whose read-only tool breaks its own outputSchema only for some valid inputs (an
// integer above 3), made with the SDK 1.x low-level Server so the bug reaches the wire (McpServer
// would check the output itself). Fuzz must find it, shrink it to one call with n = 4, and replay
// it 10/10. It does not check the type of `label` (a value its schema refuses is answered as if
// valid: the robustness probe's warning). It also offers a destructive tool and an unannotated one: calling either ends the
// process, so a run that calls them shows it.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const TOOLS = [
  {
    name: 'get_value',
    description: 'Returns the square of n.',
    inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 0, maximum: 1000 }, label: { type: 'string', maxLength: 20 } }, required: ['n'], additionalProperties: false },
    outputSchema: { type: 'object', properties: { value: { type: 'integer' } }, required: ['value'], additionalProperties: false },
    annotations: { readOnlyHint: true },
  },
  { name: 'delete_everything', description: 'Deletes everything.', inputSchema: { type: 'object', properties: {} }, annotations: { destructiveHint: true } },
  { name: 'send_mail', description: 'Sends a mail.', inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] } },
];

const server = new Server({ name: 'fuzz-surface-threshold', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args = {} } = request.params;
  if (name !== 'get_value') process.exit(3);
  const n = args.n;
  const extra = Object.keys(args).filter((k) => k !== 'n' && k !== 'label');
  if (!Number.isInteger(n) || n < 0 || n > 1000 || extra.length > 0 || (typeof args.label === 'string' && args.label.length > 20)) {
    return { content: [{ type: 'text', text: 'invalid arguments' }], isError: true };
  }
  // The planted bug: above 3 the value is sent as a string, which the outputSchema refuses.
  const value = n > 3 ? String(n * n) : n * n;
  return { content: [{ type: 'text', text: JSON.stringify({ value }) }], structuredContent: { value } };
});
await server.connect(new StdioServerTransport());
