// Why: the matrix needs a server made the way users of the 2.x SDK make one (@modelcontextprotocol/server:
// McpServer, one tool, its stdio transport and its web-standard Streamable HTTP transport behind
// Node's http server), so that its traffic is the SDK's and not ours.
// Usage: node sdk-v2-echo-server.mjs stdio | node sdk-v2-echo-server.mjs http
// (http: listens on 127.0.0.1, a free port, and prints `listening PORT` on stdout.)
import { randomUUID } from 'node:crypto';
import { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serveSessions } from './http-sessions.mjs';

const [transport] = process.argv.slice(2);
if (transport !== 'stdio' && transport !== 'http') {
  process.stderr.write('usage: sdk-v2-echo-server.mjs stdio|http\n');
  process.exit(2);
}

/** A new server with the one echo tool. */
function echoServer() {
  const server = new McpServer({ name: 'matrix-echo-server', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes the text back.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }));
  return server;
}

/** The Fetch API request of a Node request (the body read whole: MCP POST bodies are one message). */
async function webRequest(req, port) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE' ? undefined : Buffer.concat(chunks);
  return new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body });
}

/** Writes a Fetch API response to a Node response, streaming its body (SSE) as it comes. */
async function sendWebResponse(response, res) {
  res.writeHead(response.status, [...response.headers].flat());
  // The head goes out now, as the SDK's Node transport sends it: an SSE stream may stay silent.
  res.flushHeaders();
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
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
