// Why: the 2026-07-28 checks are tested against servers whose one defect is known. This is a small,
// correct stateless MCP server over stdio (no handshake: server/discover, and per-request _meta on
// every request); each broken 2026-07-28 peer in this folder changes one thing through its hooks.
import { createInterface } from 'node:readline';
import { ECHO_TOOL, send } from './base-peer.mjs';

export { send };

const VERSION = '2026-07-28';
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'modern-peer', version: '1.0.0' } };
/** Two pages of tools, so that a list is paged; `ask` asks the user for input before it answers. */
const TOOLS = [ECHO_TOOL, { ...ECHO_TOOL, name: 'echo2', description: 'Echoes its text again.' }, { name: 'ask', description: 'Asks for units.', inputSchema: { type: 'object' } }];
const UNITS = { method: 'elicitation/create', params: { mode: 'form', message: 'Which units?', requestedSchema: { type: 'object', properties: { units: { type: 'string' } }, required: ['units'] } } };
const RESOURCE = { uri: 'file:///peer/readme.txt', name: 'readme', mimeType: 'text/plain' };

/**
 * Starts a peer. `options.answer(message, correct)` may answer a message itself (return true when
 * it did); `options.page(result, cursor)` may change a tools/list page before it is sent.
 */
export function startModernPeer(options = {}) {
  const complete = (result, cacheable) => ({ resultType: 'complete', ...result, ...(cacheable ? { ttlMs: 60_000, cacheScope: 'public' } : {}) });
  const correct = (message) => {
    const { id, method, params } = message;
    if (method === undefined || id === undefined) return;
    const meta = params?._meta;
    if (typeof meta?.['io.modelcontextprotocol/protocolVersion'] !== 'string' || typeof meta?.['io.modelcontextprotocol/clientCapabilities'] !== 'object') {
      send({ jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params: _meta must carry the protocol version and client capabilities' } });
      return;
    }
    if (meta['io.modelcontextprotocol/protocolVersion'] !== VERSION) {
      send({ jsonrpc: '2.0', id, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [VERSION], requested: meta['io.modelcontextprotocol/protocolVersion'] } } });
      return;
    }
    switch (method) {
      case 'server/discover':
        send({ jsonrpc: '2.0', id, result: complete({ supportedVersions: [VERSION], capabilities: { tools: {}, resources: {} }, _meta: SERVER_INFO }, true) });
        return;
      case 'tools/list': {
        const second = params.cursor === 'page-2';
        const page = complete(second ? { tools: TOOLS.slice(1) } : { tools: [TOOLS[0]], nextCursor: 'page-2' }, true);
        send({ jsonrpc: '2.0', id, result: options.page ? options.page(page, params.cursor) : page });
        return;
      }
      case 'tools/call':
        // `ask` needs one answer from the user first: an input_required result, then the retry.
        if (params.name === 'ask' && params.inputResponses?.units === undefined) {
          send({ jsonrpc: '2.0', id, result: { resultType: 'input_required', inputRequests: { units: UNITS }, requestState: 'ask-1' } });
          return;
        }
        send({ jsonrpc: '2.0', id, result: complete({ content: [{ type: 'text', text: String(params.arguments?.text ?? 'ok') }] }, false) });
        return;
      case 'resources/list':
        send({ jsonrpc: '2.0', id, result: complete({ resources: [RESOURCE] }, true) });
        return;
      case 'resources/read':
        if (params.uri !== RESOURCE.uri) {
          send({ jsonrpc: '2.0', id, error: { code: -32602, message: 'Resource not found', data: { uri: params.uri } } });
          return;
        }
        send({ jsonrpc: '2.0', id, result: complete({ contents: [{ uri: RESOURCE.uri, mimeType: 'text/plain', text: 'hello' }] }, true) });
        return;
      default:
        send({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
    }
  };
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    if (options.answer?.(message, correct) === true) return;
    correct(message);
  });
  lines.on('close', () => process.exit(0));
}
