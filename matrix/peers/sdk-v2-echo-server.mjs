// Why: the matrix needs a server made the way users of the 2.x SDK make one (@modelcontextprotocol/server:
// McpServer, one tool, its stdio transport and its web-standard Streamable HTTP transport behind
// Node's http server), so that its traffic is the SDK's and not ours.
// Usage: node sdk-v2-echo-server.mjs stdio | node sdk-v2-echo-server.mjs http
// (http: listens on 127.0.0.1, a free port, and prints `listening PORT` on stdout.)
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { serveSessions } from './http-sessions.mjs';
import { echoServer } from './sdk-v2-echo-tool.mjs';
import { sendWebResponse, webRequest } from './web-bridge.mjs';

const [transport] = process.argv.slice(2);
if (transport !== 'stdio' && transport !== 'http') {
  process.stderr.write('usage: sdk-v2-echo-server.mjs stdio|http\n');
  process.exit(2);
}

if (transport === 'stdio') {
  const { StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
  await echoServer().connect(new StdioServerTransport());
} else {
  serveSessions(async (onSessionId) => {
    const session = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: onSessionId });
    await echoServer().connect(session);
    return session;
  }, async (session, req, res, port) => sendWebResponse(await session.handleRequest(await webRequest(req, port)), res));
}
