// Why: the 2.x SDK's own Streamable HTTP entry as a peer: createMcpHandler over the McpServer of
// sdk-v2-server.mjs, behind Node's http server on 127.0.0.1 (the Fetch API request built from the
// Node one, the response streamed back as it comes), so that every answer is the SDK's.
import { createMcpHandler } from '@modelcontextprotocol/server';
import { sendWebResponse, webRequest } from '../../matrix/peers/web-bridge.mjs';
import { listenLoopback, type RunningPeer } from './http-peer.ts';
// @ts-expect-error: a plain ES module shared with the stdio peer, without types.
import { sdkV2Server } from './sdk-v2-server.mjs';

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
