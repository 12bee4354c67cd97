// Why: a correct server with rich schemas, registered the way both SDK majors document it
// (McpServer.registerTool with zod input and output schemas, a resource template whose variable
// completes, a prompt with a completable argument), so that an exercise of it must come out clean
// with every read-only tool called. Its destructive and unannotated tools must never be called under
// the default: they write `CALLED name` on stderr when they are. `slow_read` (read-only) sleeps past
// any short --timeout when given `{"wait": true}` (or, served with `slow`, for 5 s whatever it is given).
// The SDK is passed in, so one definition serves the 1.x SDK (zod 3 or 4) and the 2.x SDK.

/** Registers the surface on `server` (an McpServer), with `z` (zod), `ResourceTemplate` and `completable` of that SDK; `headers`: x-mcp-header on the search's region; `slow`: slow_read always takes 5 s. */
export function registerClean(server, { z, ResourceTemplate, completable, headers = false, slow = false }) {
  const region = headers ? z.string().min(2).max(12).meta({ 'x-mcp-header': 'Region' }) : z.string().min(2).max(12);
  server.registerTool('search_catalog', {
    description: 'Searches the catalog.',
    annotations: { readOnlyHint: true },
    inputSchema: z.object({
      query: z.string().min(1).max(40),
      region,
      kind: z.enum(['book', 'film', 'game']),
      limit: z.number().int().min(1).max(50).default(10),
      filters: z.object({ tags: z.array(z.string().min(1)).min(1).max(3), since: z.string().optional() }).optional(),
      exact: z.boolean().optional(),
    }),
    outputSchema: z.object({ total: z.number().int().min(0), items: z.array(z.object({ title: z.string(), kind: z.string() })) }),
  }, async ({ query, kind, limit }) => {
    const items = [{ title: `${query} (${kind})`, kind }].slice(0, limit);
    const structuredContent = { total: items.length, items };
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  });
  server.registerTool('convert_units', {
    description: 'Converts a length.',
    annotations: { readOnlyHint: true, idempotentHint: true },
    inputSchema: z.object({ value: z.number().min(0).max(1000), from: z.enum(['m', 'ft']), to: z.enum(['m', 'ft']) }),
  }, async ({ value, from, to }) => ({ content: [{ type: 'text', text: String(from === to ? value : from === 'm' ? value * 3.28084 : value / 3.28084) }] }));
  server.registerTool('slow_read', {
    description: 'Reads slowly when asked to wait.',
    annotations: { readOnlyHint: true },
    inputSchema: z.object({ wait: z.boolean().default(false) }),
  }, async ({ wait }) => {
    if (wait || slow) await new Promise((resolve) => setTimeout(resolve, slow ? 5_000 : 60_000));
    return { content: [{ type: 'text', text: 'read' }] };
  });
  server.registerTool('delete_catalog', {
    description: 'Deletes the catalog.', annotations: { destructiveHint: true, readOnlyHint: false },
    inputSchema: z.object({ confirm: z.boolean() }),
  }, async () => {
    process.stderr.write('CALLED delete_catalog\n');
    return { content: [{ type: 'text', text: 'deleted' }] };
  });
  server.registerTool('add_item', {
    description: 'Adds an item.', inputSchema: z.object({ title: z.string().min(1) }),
  }, async ({ title }) => {
    process.stderr.write('CALLED add_item\n');
    return { content: [{ type: 'text', text: `added ${title}` }] };
  });
  server.registerResource('readme', 'catalog://readme', { description: 'About the catalog.', mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'The catalog.' }] }));
  server.registerResource('item', new ResourceTemplate('catalog://items/{kind}', {
    list: undefined,
    complete: { kind: (value) => ['book', 'film', 'game'].filter((k) => k.startsWith(value)) },
  }), { description: 'Items of one kind.', mimeType: 'application/json' },
  async (uri, { kind }) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ kind, items: [] }) }] }));
  server.registerPrompt('review', {
    description: 'Review an item.',
    argsSchema: { title: completable(z.string(), (value) => ['Dune', 'Tetris'].filter((t) => t.startsWith(value))), tone: z.string().optional() },
  }, async ({ title, tone }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Review ${title}${tone ? ` in a ${tone} tone` : ''}.` } }] }));
  return server;
}
