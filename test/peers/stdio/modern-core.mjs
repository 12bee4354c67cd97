// Why: the live checker's 2026-07-28 checks are tested against servers whose one defect is known.
// This is the answering core of a small, correct server of the stateless revision, shared by the
// stdio and the Streamable HTTP peers: server/discover, paged lists with cache hints, a read, a
// prompt, an echo tool and a tool that asks for input (input_required, answered in a retry with the
// requestState echoed), subscriptions/listen, and the revision's errors. Each broken peer changes
// exactly one thing through `options.change`, so a finding can only come from that defect.

export const VERSION = '2026-07-28';
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

export const ECHO_TOOL = { name: 'echo', description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };
export const CONFIRM_TOOL = { name: 'confirm', description: 'Asks the user to confirm, then says what they chose.', inputSchema: { type: 'object', properties: {} } };
/** The one resource the correct server has. */
export const NOTE = { uri: 'memo://note', name: 'note', mimeType: 'text/plain' };
const GREETING = { name: 'greeting', description: 'A greeting.', arguments: [{ name: 'who', required: false }] };

/** The capabilities the correct server declares. */
export const CAPABILITIES = { tools: { listChanged: true }, resources: {}, prompts: {} };

const cache = { ttlMs: 60_000, cacheScope: 'public' };

function result(id, body, hints = false) {
  return { jsonrpc: '2.0', id, result: { resultType: 'complete', ...body, ...(hints ? cache : {}) } };
}

function error(id, code, message, data) {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/**
 * Answers one client message. Returns what to send: `{ status, messages }` (status: the HTTP
 * status the transport page asks for; messages: the JSON-RPC messages, in order; `hold`: the
 * request stays open, a listen stream). Notifications return no messages.
 */
export function answer(message, options = {}) {
  const change = options.change ?? {};
  const { id, method, params } = message;
  if (method === undefined || id === undefined) return { status: 202, messages: [] };
  const version = params?._meta?.[META_VERSION];
  if (method === 'initialize') {
    return { status: 400, messages: [error(id, -32022, 'Unsupported protocol version', { supported: [VERSION], requested: String(params?.protocolVersion ?? '') })] };
  }
  if (typeof version !== 'string') return { status: change.malformedStatus ?? 400, messages: [error(id, -32602, 'Invalid params: _meta must name the protocol version')] };
  const capabilities = params?._meta?.['io.modelcontextprotocol/clientCapabilities'];
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    return { status: change.malformedStatus ?? 400, messages: [error(id, -32602, 'Invalid params: _meta must carry the client capabilities')] };
  }
  if (version !== VERSION && change.serveUnsupported !== true) {
    return { status: change.unsupportedStatus ?? 400, messages: [error(id, -32022, 'Unsupported protocol version', { supported: [VERSION], requested: version })] };
  }
  const tools = options.tools ?? [ECHO_TOOL, CONFIRM_TOOL];
  switch (method) {
    case 'server/discover':
      return { status: 200, messages: [result(id, { supportedVersions: [VERSION], capabilities: options.capabilities ?? CAPABILITIES, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-peer', version: '1.0.0' } } }, true)] };
    case 'tools/list': {
      if (params.cursor !== undefined && typeof params.cursor !== 'string') break;
      // Two pages: one tool on each, the same cache hints on both.
      const second = params.cursor === 'page-2';
      const page = second ? { tools: tools.slice(1) } : { tools: tools.slice(0, 1), ...(tools.length > 1 ? { nextCursor: 'page-2' } : {}) };
      const body = result(id, page, true);
      if (change.noResultType) delete body.result.resultType;
      if (second && change.secondPageWithoutTtl) delete body.result.ttlMs;
      return { status: 200, messages: [body] };
    }
    case 'resources/list':
      return { status: 200, messages: [result(id, { resources: [NOTE] }, true)] };
    case 'resources/templates/list':
      return { status: 200, messages: [result(id, { resourceTemplates: [] }, true)] };
    case 'resources/read':
      if (params.uri !== NOTE.uri) return { status: 200, messages: [error(id, -32602, 'Resource not found', { uri: params.uri })] };
      return { status: 200, messages: [result(id, { contents: [{ uri: NOTE.uri, mimeType: 'text/plain', text: 'a note' }] }, true)] };
    case 'prompts/list':
      return { status: 200, messages: [result(id, { prompts: [GREETING] }, true)] };
    case 'prompts/get':
      if (params.name !== GREETING.name) break;
      return { status: 200, messages: [result(id, { messages: [{ role: 'user', content: { type: 'text', text: 'Hello.' } }] })] };
    case 'tools/call': {
      if (params.name === ECHO_TOOL.name) return { status: 200, messages: [result(id, { content: [{ type: 'text', text: String(params.arguments?.text) }] })] };
      if (params.name !== CONFIRM_TOOL.name) return { status: 200, messages: [result(id, { content: [{ type: 'text', text: `no tool ${params.name}` }], isError: true })] };
      if (params.requestState === undefined) {
        // Elicitation only when the request declared it (else the state alone); the retry echoes the state.
        const declared = params._meta?.['io.modelcontextprotocol/clientCapabilities']?.elicitation !== undefined;
        const inputRequests = declared ? { choice: { method: 'elicitation/create', params: { mode: 'form', message: 'Confirm?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } } : undefined;
        const body = { jsonrpc: '2.0', id, result: { resultType: 'input_required', ...(inputRequests === undefined ? {} : { inputRequests }), requestState: 'confirm-1' } };
        if (change.inputRequiredEmpty) body.result = { resultType: 'input_required' };
        return { status: 200, messages: [body] };
      }
      if (params.requestState !== 'confirm-1') return { status: 200, messages: [error(id, -32602, 'Invalid params: requestState does not match')] };
      const response = params.inputResponses?.choice;
      return { status: 200, messages: [result(id, { content: [{ type: 'text', text: `you chose ${JSON.stringify(response?.action ?? 'nothing')}` }] })] };
    }
    case 'subscriptions/listen': {
      const filter = params.notifications ?? {};
      const ack = { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: filter, _meta: { [SUBSCRIPTION_ID]: id } } };
      const changed = { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUBSCRIPTION_ID]: id } } };
      return { status: 200, hold: true, messages: change.notifyBeforeAck ? [changed, ack] : [ack] };
    }
    default:
      return { status: change.unknownMethodStatus ?? 404, messages: [error(id, -32601, 'Method not found')] };
  }
  return { status: 200, messages: [error(id, -32602, 'Invalid params')] };
}
