// A server whose every text is markup meant to run in a report page: tool names and descriptions,
// a log notification, an error message, a line that is not JSON, and stderr.
import { ECHO_TOOL, send, startPeer } from './base-peer.mjs';

const SCRIPT = '<script>window.__pwned = "script"; alert(1)</script>';
const IMG = '<img src=x onerror="window.__pwned = \'img\'; alert(2)">';
const CLOSE = '</script><script>window.__pwned = "close"</script><!--';
const ALL = `${SCRIPT}${IMG}${CLOSE}<svg onload="window.__pwned='svg'"></svg>&lt;b&gt;`;

process.stderr.write(`${ALL}\n`);
startPeer({
  capabilities: { tools: {}, logging: {} },
  tools: [
    { ...ECHO_TOOL, description: ALL },
    { name: IMG, description: SCRIPT, inputSchema: { type: 'object', properties: { [SCRIPT]: { type: 'string', description: CLOSE } } } },
  ],
  answer: (message) => {
    if (message.method === 'ping') {
      send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: SCRIPT, data: { [IMG]: CLOSE } } });
      process.stdout.write(`${ALL}\n`);
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: ALL } });
      return true;
    }
    return false;
  },
});
