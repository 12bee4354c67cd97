// A server that echoes every secret-looking value of its environment in every place it can: tool
// names, descriptions, schema member names, a log notification, an error message, a line that is
// not JSON, and stderr. Whatever the checker writes must show none of them.
import { ECHO_TOOL, send, startPeer } from './base-peer.mjs';

const secrets = Object.entries(process.env).filter(([name]) => /token|secret|key|password|auth/i.test(name)).map(([, value]) => value);
const all = secrets.join(' ');
const keyed = Object.fromEntries(secrets.map((s) => [s, { type: 'string', description: s }]));

process.stderr.write(`starting with ${all}\n`);
startPeer({
  capabilities: { tools: {}, logging: {} },
  tools: [
    { ...ECHO_TOOL, description: `Runs with ${all}`, inputSchema: { type: 'object', properties: { ...keyed, text: { type: 'string' } } } },
    ...secrets.map((s) => ({ name: s, description: s, inputSchema: { type: s } })),
  ],
  answer: (message) => {
    if (message.method === 'ping') {
      send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: all, data: { [all]: all, secrets } } });
      process.stdout.write(`not json: ${all}\n`);
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: `refused ${all}`, data: keyed } });
      return true;
    }
    return false;
  },
});
