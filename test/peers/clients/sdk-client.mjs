// A host made with an official TypeScript SDK client, as its users make one: node sdk-client.mjs
// 1|2 stdio (the server from MCP_SERVER_COMMAND) | 1|2 http URL. It declares roots, sampling and
// form elicitation, answers them with handlers, lists every page, subscribes, calls the progress
// tool with a progress callback and the slow tool with a short timeout (the SDK cancels it), and
// calls wait_for_scenarios last. With VERSION_MODE=auto the 2.x client is left in its automatic mode.
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
  const auto = process.env.VERSION_MODE === 'auto';
  client = new sdk.Client(info, { capabilities, ...(auto ? {} : { supportedProtocolVersions: ['2025-11-25'] }) });
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
  await client.subscribeResource({ uri: 'mcp-statechart://judging-server/watched' });
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
  await client.close();
} catch (error) {
  process.stderr.write(`sdk-client: ${error instanceof Error ? error.message : String(error)}\n`);
  await client.close().catch(() => {});
  process.exit(1);
}
