// Why: the clean exercise surface on the 2.x SDK's own Streamable HTTP entry (createMcpHandler, both
// eras: 2026-07-28 and its stateless legacy fallback) behind Node's http server on 127.0.0.1.
import { createMcpHandler } from '@modelcontextprotocol/server';
import { sendWebResponse, webRequest } from '../../matrix/peers/web-bridge.mjs';
import { listenLoopback, type RunningPeer } from './http-peer.ts';
// @ts-expect-error: a plain ES module shared with the stdio peer, without types.
import { cleanSdk2Server, slowSdk2Server } from './exercise-clean-sdk2.mjs';

/** Starts createMcpHandler over the clean exercise surface (`slow`: its slow_read takes 5 s) on 127.0.0.1; stop() also closes the handler. */
export async function startExerciseHttp(slow = false): Promise<RunningPeer> {
  const handler = createMcpHandler(slow ? slowSdk2Server : cleanSdk2Server, { legacy: 'stateless' });
  let port = '0';
  const peer = await listenLoopback((req, res) => {
    void (async () => sendWebResponse(await handler.fetch(await webRequest(req, port)), res))().catch(() => res.destroy());
  });
  port = peer.url.port;
  return { ...peer, stop: async () => { await handler.close(); await peer.stop(); } };
}
