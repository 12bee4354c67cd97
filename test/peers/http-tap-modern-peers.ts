// Why: the HTTP side of 2026-07-28 is tested against a real server and one with a known defect:
// the 2.x SDK's McpServer served the way the SDK documents (createMcpHandler, its fetch handler,
// behind Node's http server), and a small stateless server of our own that answers an unknown
// method and an unsupported version with HTTP 200 instead of 404 and 400. Both on 127.0.0.1.
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sendWebResponse, webRequest } from '../../matrix/peers/web-bridge.mjs';
import { listenLoopback, readRequestBody, type RunningPeer } from './http-peer.ts';

/** The 2.x SDK's McpServer with one echo tool, over createMcpHandler (2026-07-28, and 2025 stateless). */
export async function startSdkModernServer(): Promise<RunningPeer> {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'sdk-modern', version: '1.0.0' });
    server.registerTool('echo', { description: 'Echoes the text back.', inputSchema: z.object({ text: z.string() }) },
      async ({ text }) => ({ content: [{ type: 'text', text }] }));
    return server;
  });
  let port = '0';
  const peer = await listenLoopback((req, res) => {
    void (async () => sendWebResponse(await handler.fetch(await webRequest(req, port)), res))().catch(() => res.destroy());
  });
  port = peer.url.port;
  return peer;
}

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'wrong-statuses', version: '1.0.0' } };

/**
 * Defect (2026-07-28, Streamable HTTP, Protocol Version Header: an unknown method MUST get 404 Not
 * Found, an unsupported version 400 Bad Request): both errors come with HTTP 200.
 */
export async function startWrongStatusServer(): Promise<RunningPeer> {
  return listenLoopback((req, res) => {
    void readRequestBody(req).then((text) => {
      const message = JSON.parse(text) as { id?: unknown; method?: string; params?: { _meta?: Record<string, unknown> } };
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const version = message.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
      const reply = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, ...body }));
      if (version !== '2026-07-28') {
        reply({ error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: version ?? null } } });
      } else if (message.method === 'server/discover') {
        reply({ result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public', _meta: SERVER_INFO } });
      } else if (message.method === 'tools/list') {
        reply({ result: { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'public' } });
      } else {
        reply({ error: { code: -32601, message: 'Method not found' } });
      }
    }).catch(() => res.destroy());
  });
}
