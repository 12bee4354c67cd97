// Why: the matrix needs a server made the way users of the 1.x SDK make one (McpServer, one tool,
// the SDK's own stdio and Streamable HTTP transports, with the zod that SDK depends on), so that its
// traffic is the SDK's and not ours. One script serves every 1.x version: the package is an argument.
// Usage: node sdk-v1-echo-server.mjs SDK stdio | node sdk-v1-echo-server.mjs SDK http
// (http: listens on 127.0.0.1, a free port, and prints `listening PORT` on stdout.)
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { serveSessions } from './http-sessions.mjs';

/** The 1.x SDK packages this peer may load (the latest and an older minor, as installed). */
const PACKAGES = ['@modelcontextprotocol/sdk', 'sdk-1-older'];

const [sdk, transport] = process.argv.slice(2);
if (!PACKAGES.includes(sdk) || (transport !== 'stdio' && transport !== 'http')) {
  process.stderr.write(`usage: sdk-v1-echo-server.mjs ${PACKAGES.join('|')} stdio|http\n`);
  process.exit(2);
}
const { McpServer } = await import(`${sdk}/server/mcp.js`);
// The zod this SDK version validates with (1.17 needs zod 3, 1.32 takes zod 4).
const z = createRequire(fileURLToPath(import.meta.resolve(`${sdk}/server/mcp.js`)))('zod');

/** A new server with the one echo tool. */
function echoServer() {
  const server = new McpServer({ name: 'matrix-echo-server', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes the text back.', inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: 'text', text }] }));
  return server;
}

if (transport === 'stdio') {
  const { StdioServerTransport } = await import(`${sdk}/server/stdio.js`);
  await echoServer().connect(new StdioServerTransport());
} else {
  const { StreamableHTTPServerTransport } = await import(`${sdk}/server/streamableHttp.js`);
  serveSessions(async (onSessionId) => {
    const session = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: onSessionId });
    await echoServer().connect(session);
    return session;
  }, (session, req, res) => session.handleRequest(req, res));
}
