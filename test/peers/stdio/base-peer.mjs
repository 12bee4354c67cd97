// Why: the live checker is itself tested against servers whose one defect is known. This is a
// small, correct MCP server over stdio (newline-delimited JSON-RPC); each broken peer in this
// folder changes exactly one thing through its hooks, so a finding can only come from that defect.
import { createInterface } from 'node:readline';

const SUPPORTED = ['2025-11-25', '2025-06-18'];

/** A tool descriptor with a valid input schema. */
export const ECHO_TOOL = { name: 'echo', description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };

/** Writes one message as one line on stdout. */
export function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

/**
 * Starts a peer. `options.capabilities` and `options.tools` describe the server; `options.answer`
 * may answer a message itself (return true when it did) before the correct handling runs.
 */
export function startPeer(options = {}) {
  const capabilities = options.capabilities ?? { tools: {} };
  const tools = options.tools ?? [ECHO_TOOL];
  const correct = (message) => {
    const { id, method, params } = message;
    if (method === undefined || id === undefined) return;
    switch (method) {
      case 'initialize': {
        const version = SUPPORTED.includes(params?.protocolVersion) ? params.protocolVersion : SUPPORTED[0];
        send({ jsonrpc: '2.0', id, result: { protocolVersion: version, capabilities, serverInfo: { name: options.name ?? 'test-peer', version: '1.0.0' } } });
        return;
      }
      case 'ping':
        send({ jsonrpc: '2.0', id, result: {} });
        return;
      case 'tools/list':
        if (params?.cursor !== undefined && typeof params.cursor !== 'string') break;
        send({ jsonrpc: '2.0', id, result: { tools } });
        return;
      case 'tools/call': {
        const text = params?.arguments?.text;
        send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: String(text) }] } });
        return;
      }
      default:
        send({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
        return;
    }
    send({ jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params' } });
  };
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    if (options.answer?.(message, correct) === true) return;
    correct(message);
  });
  // A correct stdio server exits when its input closes (`options.exitOnClose: false` keeps it running).
  lines.on('close', () => {
    if (options.exitOnClose !== false) process.exit(0);
  });
}
