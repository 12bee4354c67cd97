import type { Step } from '../machines/session.ts';
import type { JsonObject } from '../validators/context.ts';

/** One side of a handshake: what it says of itself and what it can do. */
export interface HandshakePeer {
  readonly info: JsonObject;
  readonly capabilities: JsonObject;
}

/** How far a played handshake goes: the initialize request alone, or the whole exchange. */
export type HandshakeExtent = 'initialize_request_only' | 'ready';

/**
 * The initialize handshake as steps: the client's initialize request with id `id`, then (for
 * `ready`) the server's result and the client's notifications/initialized. Fixture cases play it
 * as their `setup`; transcripts that start mid-session play it from their header.
 */
export function handshakeSteps(protocolVersion: string, id: string | number, client: HandshakePeer, server: HandshakePeer, extent: HandshakeExtent): Step[] {
  const steps: Step[] = [{
    direction: 'client_to_server',
    message: { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: client.capabilities, clientInfo: client.info } },
  }];
  if (extent === 'initialize_request_only') return steps;
  steps.push(
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id, result: { protocolVersion, capabilities: server.capabilities, serverInfo: server.info } } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
  );
  return steps;
}
