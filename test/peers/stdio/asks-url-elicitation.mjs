// A server that, once initialized, asks for a URL-mode elicitation whether or not the client
// declared that mode (the server's own fault when it did not; the client must then refuse it with
// -32602), and prints the answer on stderr.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method === 'notifications/initialized') {
      send({ jsonrpc: '2.0', id: 'u1', method: 'elicitation/create', params: { mode: 'url', message: 'Sign in', url: 'https://example.com/sign-in', elicitationId: 'e-1' } });
    }
    if (message.method === undefined && message.id === 'u1') {
      process.stderr.write(`answer u1: ${JSON.stringify(message.result ?? message.error)}\n`);
      return true;
    }
    return false;
  },
});
