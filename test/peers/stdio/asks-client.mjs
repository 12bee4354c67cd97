// A correct server that asks the client things once initialized: ping, roots, sampling and a form
// elicitation (whether or not the client declared them: the client's capabilities decide whether
// that is a defect), and prints the answers on stderr.
import { send, startPeer } from './base-peer.mjs';

const questions = [
  { method: 'ping' },
  { method: 'roots/list' },
  { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hello?' } }], maxTokens: 10 } },
  { method: 'elicitation/create', params: { mode: 'form', message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } },
];

startPeer({
  answer: (message) => {
    if (message.method === 'notifications/initialized') questions.forEach((q, i) => send({ jsonrpc: '2.0', id: `q${i}`, ...q }));
    if (message.method === undefined && String(message.id).startsWith('q')) {
      process.stderr.write(`answer ${message.id}: ${JSON.stringify(message.result ?? message.error)}\n`);
      return true;
    }
    return false;
  },
});
