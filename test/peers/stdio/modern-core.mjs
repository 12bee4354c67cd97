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
/** A read-only tool that asks for input as confirm does (its requestState is `lookup-1`): the full scope may retry it with the state altered. */
export const LOOKUP_TOOL = { name: 'lookup', description: 'Looks up what the user confirms.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } };
/** A tool that answers after `ms` milliseconds (its argument). */
export const SLOW_TOOL = { name: 'slow', description: 'Answers after a while.', inputSchema: { type: 'object', properties: { ms: { type: 'number' } } }, annotations: { readOnlyHint: true } };
/** A tool whose call changes the tool list: every open listen stream that asked for tool list changes is told. */
export const REVEAL_TOOL = { name: 'reveal', description: 'Reveals another tool (the tool list changes).', inputSchema: { type: 'object', properties: {} } };
/** The one resource the correct server has. */
export const NOTE = { uri: 'memo://note', name: 'note', mimeType: 'text/plain' };
const GREETING = { name: 'greeting', description: 'A greeting.', arguments: [{ name: 'who', required: false }] };

/** The capabilities the correct server declares. */
export const CAPABILITIES = { tools: { listChanged: true }, resources: {}, prompts: {} };

const cache = { ttlMs: 60_000, cacheScope: 'public' };
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/**
 * What a server tells the listen stream `listenId` (its filter `filter`) when its tool list changed:
 * notifications/tools/list_changed under the listen's subscription id, when the filter asked for it.
 * The changes: `changedWithoutId` leaves the subscription id out; `changedUnasked` sends
 * notifications/prompts/list_changed too, which no filter of the checker asks for here.
 */
export function listChanged(listenId, filter, change = {}) {
  const meta = change.changedWithoutId ? {} : { _meta: { [SUBSCRIPTION_ID]: listenId } };
  const out = filter?.toolsListChanged === true ? [{ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { ...meta } }] : [];
  return out;
}

/**
 * What the echo tool reports while it runs, as the request asked in its _meta: progress under its
 * progressToken, a log message at the level it set when the server declares logging (logging, Per-request log level). The changes:
 * `progressWrongToken` reports under another token; `logBelowLevel` logs at debug, below the level asked.
 */
function reports(params, change, logging) {
  const meta = params?._meta ?? {};
  const out = [];
  if (meta.progressToken !== undefined) {
    const progressToken = change.progressWrongToken ? `${String(meta.progressToken)}-other` : meta.progressToken;
    out.push({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: 1, total: 1, message: 'echoed' } });
  }
  if (logging && typeof meta[LOG_LEVEL] === 'string') {
    out.push({ jsonrpc: '2.0', method: 'notifications/message', params: { level: change.logBelowLevel ? 'debug' : meta[LOG_LEVEL], logger: 'echo', data: 'echoing' } });
  }
  return out;
}

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
  if ((typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) && change.serveWithoutCapabilities !== true) {
    return { status: change.malformedStatus ?? 400, messages: [error(id, -32602, 'Invalid params: _meta must carry the client capabilities')] };
  }
  if (version !== VERSION && change.serveUnsupported !== true) {
    return { status: change.unsupportedStatus ?? 400, messages: [error(id, -32022, 'Unsupported protocol version', { supported: [VERSION], requested: version })] };
  }
  const tools = options.tools ?? [ECHO_TOOL, CONFIRM_TOOL];
  // A method 2026-07-28 removed, answered with another code than -32601 (a broken peer's change).
  if (method === 'ping' && change.pingAnswer !== undefined) return { status: change.pingAnswer.status, messages: [error(id, change.pingAnswer.code, 'Ping is not served')] };
  // logging, Error Handling: a server that logs rejects an unrecognized logLevel with -32602 (`acceptAnyLogLevel`: serves it).
  const level = params?._meta?.[LOG_LEVEL];
  const logs = (options.capabilities ?? CAPABILITIES).logging !== undefined;
  if (logs && level !== undefined && !LEVELS.includes(level) && !change.acceptAnyLogLevel) return { status: 200, messages: [error(id, -32602, 'Invalid params: unknown log level', { logLevel: String(level) })] };
  // Multi Round-Trip Requests, Supported Requests: only prompts/get, resources/read and tools/call may
  // answer input_required; `inputRequiredOn` names another request that does.
  if (change.inputRequiredOn === method) return { status: 200, messages: [{ jsonrpc: '2.0', id, result: { resultType: 'input_required', requestState: 'list-1' } }] };
  switch (method) {
    case 'server/discover':
      return { status: 200, messages: [result(id, { supportedVersions: [VERSION], capabilities: options.capabilities ?? CAPABILITIES, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-peer', version: '1.0.0' } } }, true)] };
    case 'tools/list': {
      if (params.cursor !== undefined && typeof params.cursor !== 'string') break;
      // Two pages: one tool on each, the same cache hints on both.
      const second = params.cursor === 'page-2';
      const page = second ? { tools: tools.slice(1) } : { tools: tools.slice(0, 1), ...(tools.length > 1 ? { nextCursor: 'page-2' } : {}) };
      const body = result(id, page, true);
      // On the first page, `logWithoutLevel` logs for a request that set no logLevel; `progressWithoutToken` reports progress for one that gave no progressToken.
      const before = second ? [] : [
        ...(change.logWithoutLevel ? [{ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'listing tools' } }] : []),
        ...(change.progressWithoutToken ? [{ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tools-list', progress: 1 } }] : []),
      ];
      if (change.noResultType) delete body.result.resultType;
      if (second && change.secondPageWithoutTtl) delete body.result.ttlMs;
      return { status: 200, messages: [...before, body] };
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
      if (params.name === ECHO_TOOL.name) return { status: 200, messages: [...reports(params, change, (options.capabilities ?? CAPABILITIES).logging !== undefined), result(id, { content: [{ type: 'text', text: String(params.arguments?.text) }] })] };
      // A slow tool: the face sends its result after `delayMs` (over HTTP: none once the client closed the request's stream).
      if (params.name === SLOW_TOOL.name && tools.includes(SLOW_TOOL)) return { status: 200, delayMs: Number(params.arguments?.ms ?? 1000), messages: [result(id, { content: [{ type: 'text', text: 'done' }] })] };
      // The face sends `changed` to every open listen stream (listChanged) before the result.
      if (params.name === REVEAL_TOOL.name && tools.includes(REVEAL_TOOL)) return { status: 200, changed: true, messages: [result(id, { content: [{ type: 'text', text: 'revealed' }] })] };
      const asks = params.name === CONFIRM_TOOL.name || (params.name === LOOKUP_TOOL.name && tools.includes(LOOKUP_TOOL));
      if (!asks) return { status: 200, messages: [result(id, { content: [{ type: 'text', text: `no tool ${params.name}` }], isError: true })] };
      if (params.requestState === undefined) {
        // Elicitation only when the request declared it (else the state alone); the retry echoes the state.
        const declared = params._meta?.['io.modelcontextprotocol/clientCapabilities']?.elicitation !== undefined;
        // `askUndeclared`: sampling asked of a client whose request declared no sampling capability.
        const inputRequests = change.askUndeclared ? { summary: { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarize.' } }], maxTokens: 10 } } } : declared ? { choice: { method: 'elicitation/create', params: { mode: 'form', message: 'Confirm?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } } : undefined;
        const body = { jsonrpc: '2.0', id, result: { resultType: 'input_required', ...(inputRequests === undefined ? {} : { inputRequests }), requestState: `${params.name}-1` } };
        if (change.inputRequiredEmpty) body.result = { resultType: 'input_required' };
        return { status: 200, messages: [body] };
      }
      // `acceptAlteredState` serves a retry whatever its requestState (the state verified by nothing).
      if (params.requestState !== `${params.name}-1` && !change.acceptAlteredState) return { status: 200, messages: [error(id, -32602, 'Invalid params: requestState does not match')] };
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
