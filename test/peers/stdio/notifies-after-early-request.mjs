// A legacy server that, as the Go SDK's mcp-cron does under load, answers a request before
// initialize and then sends notifications/tools/list_changed before the client's initialize
// arrives: a client that opened with nothing but initialize would never see it come first.
import { send, startPeer } from './base-peer.mjs';

let initialized = false;
startPeer({
  capabilities: { tools: { listChanged: true } },
  answer: (message) => {
    if (message.method === 'initialize') initialized = true;
    if (initialized || message.id === undefined) return false;
    send({ jsonrpc: '2.0', id: message.id, error: { code: 0, message: `method ${JSON.stringify(message.method)} is invalid during session initialization` } });
    send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: {} });
    return true;
  },
});
