// A host made with an official TypeScript SDK client, as its users make one: node sdk-client.mjs
// 1|2 stdio (the server from MCP_SERVER_COMMAND) | 1|2 http URL. It declares roots, sampling and
// form elicitation, answers them with handlers, lists every page, subscribes, calls the progress
// tool with a progress callback and the slow tool with a short timeout (the SDK cancels it), and
// calls wait_for_scenarios last. The 2.x client is pinned to 2025-11-25 unless VERSION_MODE says
// otherwise: `auto` (its automatic mode: a server/discover probe, then the era it shows) or
// `2026-07-28` (pinned to the stateless revision). On a 2026-07-28 connection it listens
// (subscriptions/listen) instead of subscribing, and opens the listen stream again when it is dropped;
// the input_required round of wait_for_scenarios is answered by its own handlers.
const [major, transport] = process.argv.slice(2);
const url = process.argv[process.argv.length - 1];
const argv = transport === 'stdio' ? JSON.parse(process.env.MCP_SERVER_COMMAND ?? '[]') : [];
const capabilities = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } };
const info = { name: `sdk-${major}-test-host`, version: '1.0.0' };
let client;
let wire;
if (major === '1') {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const types = await import('@modelcontextprotocol/sdk/types.js');
  client = new Client(info, { capabilities });
  client.setRequestHandler(types.ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///tmp/project', name: 'project' }] }));
  client.setRequestHandler(types.CreateMessageRequestSchema, async () => ({ role: 'assistant', content: { type: 'text', text: 'judged' }, model: 'test-model', stopReason: 'endTurn' }));
  client.setRequestHandler(types.ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Ada', count: 2 } }));
  if (transport === 'stdio') {
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    wire = new StdioClientTransport({ command: argv[0], args: argv.slice(1), stderr: 'inherit' });
  } else {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    wire = new StreamableHTTPClientTransport(new URL(url));
  }
} else {
  const sdk = await import('@modelcontextprotocol/client');
  const mode = process.env.VERSION_MODE;
  const negotiation = mode === 'auto' ? { versionNegotiation: { mode: 'auto' } } : mode === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : { supportedProtocolVersions: ['2025-11-25'] };
  client = new sdk.Client(info, { capabilities, ...negotiation });
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///tmp/project', name: 'project' }] }));
  client.setRequestHandler('sampling/createMessage', async () => ({ role: 'assistant', content: { type: 'text', text: 'judged' }, model: 'test-model', stopReason: 'endTurn' }));
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { name: 'Ada', count: 2 } }));
  if (transport === 'stdio') {
    const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
    wire = new StdioClientTransport({ command: argv[0], args: argv.slice(1), stderr: 'inherit' });
  } else {
    wire = new sdk.StreamableHTTPClientTransport(new URL(url));
  }
}
try {
  await client.connect(wire);
  for (const list of ['listTools', 'listResources', 'listPrompts']) {
    let cursor;
    do {
      const page = await client[list](cursor === undefined ? undefined : { cursor });
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }
  const modern = major === '2' && client.getProtocolEra() === 'modern';
  const filter = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, resourceSubscriptions: ['mcp-statechart://judging-server/watched'] };
  let subscription;
  let reopened;
  if (modern) {
    const changed = new Promise((resolve) => client.setNotificationHandler('notifications/tools/list_changed', () => resolve(true)));
    subscription = await client.listen(filter);
    // A listen stream that ends without its response was dropped: open it again, once.
    reopened = subscription.closed.then(async (how) => (how === 'remote' ? client.listen(filter) : undefined));
    void changed;
  } else await client.subscribeResource({ uri: 'mcp-statechart://judging-server/watched' });
  await client.readResource({ uri: 'mcp-statechart://judging-server/watched' });
  // 1.x takes (params, resultSchema, options), 2.x (params, options).
  const call = (params, options) => (major === '1' ? client.callTool(params, undefined, options) : client.callTool(params, options));
  await call({ name: 'progress', arguments: { steps: 2 } }, { onprogress: () => {} });
  await call({ name: 'slow', arguments: { seconds: 30 } }, { timeout: 300 }).then(() => {
    throw new Error('the slow call was not cancelled');
  }, () => {});
  await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
  await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
  await call({ name: 'wait_for_scenarios', arguments: {} }, { timeout: 120_000 });
  if (modern) {
    const again = await Promise.race([reopened, new Promise((resolve) => setTimeout(() => resolve(undefined), 2000))]);
    await (again ?? subscription).close();
  }
  await client.close();
} catch (error) {
  process.stderr.write(`sdk-client: ${error instanceof Error ? error.message : String(error)}\n`);
  await client.close().catch(() => {});
  process.exit(1);
}
