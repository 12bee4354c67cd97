// Why: the 2.x SDK's own Streamable HTTP entry as a peer: createMcpHandler over the McpServer of
// sdk-v2-server.mjs, behind Node's http server on 127.0.0.1 (the Fetch API request built from the
// Node one, the response streamed back as it comes), so that every answer is the SDK's.
import type http from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { listenLoopback, type RunningPeer } from './http-peer.ts';
// @ts-expect-error: a plain ES module shared with the stdio peer, without types.
import { sdkV2Server } from './sdk-v2-server.mjs';

async function webRequest(req: http.IncomingMessage, port: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE' ? undefined : Buffer.concat(chunks);
  return new Request(`http://127.0.0.1:${port}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
}

async function sendWebResponse(response: Response, res: http.ServerResponse): Promise<void> {
  res.writeHead(response.status, [...response.headers].flat());
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

/** Starts createMcpHandler (legacy: the SDK's default stateless fallback, or 'reject') on 127.0.0.1; stop() also closes the handler. */
export async function startSdkV2Http(legacy: 'stateless' | 'reject' = 'stateless'): Promise<RunningPeer> {
  const handler = createMcpHandler(sdkV2Server, { legacy });
  let port = '0';
  const peer = await listenLoopback((req, res) => {
    void (async () => sendWebResponse(await handler.fetch(await webRequest(req, port)), res))().catch(() => res.destroy());
  });
  port = peer.url.port;
  return { ...peer, stop: async () => { await handler.close(); await peer.stop(); } };
}
