// A hand-written MCP 2026-07-28 client (no SDK) for check-client's tests: node modern-client.mjs
// stdio|http [DEFECT] [URL]. Over stdio it starts the server named in MCP_SERVER_COMMAND, over
// Streamable HTTP it POSTs each request to the URL given as its last argument. It does what a
// careful stateless client does (per-request _meta on every request, server/discover, every page
// of every list with each cursor as given, a listen stream re-opened when it is dropped, a call with
// progress, a slow call it cancels, the input_required retry with a new id and the requestState
// echoed, each x-mcp-header argument mirrored into its Mcp-Param header over HTTP and a tool whose
// annotation is invalid left out), unless DEFECT names the one thing it gets wrong: retry-reused-id,
// state-altered, no-meta-version, no-method-header (HTTP), cursor-altered, no-param-header (HTTP),
// calls-invalid-tool (HTTP), state-leaked (another request carries the input_required round's
// requestState and inputResponses).
import { spawn } from 'node:child_process';

const VERSION = '2026-07-28';
const WATCHED = 'mcp-statechart://judging-server/watched';
const [transport = 'stdio', defect = 'none'] = process.argv.slice(2);
const capabilities = { roots: {}, sampling: {}, elicitation: { form: {} } };
const meta = (extra = {}) => ({
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': { name: 'modern-test-client', version: '1.0.0' },
  ...extra,
});

const pending = new Map();
/** The listed tools: each one's x-mcp-header parameters (top-level properties), or null when an annotation is invalid. */
const tools = new Map();
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function headerParams(tool) {
  const out = [];
  const seen = new Set();
  for (const [name, schema] of Object.entries(tool.inputSchema?.properties ?? {})) {
    const header = schema?.['x-mcp-header'];
    if (header === undefined) continue;
    if (typeof header !== 'string' || !TOKEN.test(header) || !['string', 'integer', 'boolean'].includes(schema.type) || seen.has(header.toLowerCase())) return null;
    seen.add(header.toLowerCase());
    out.push({ name, header });
  }
  return out;
}

/** A header value as the Value Encoding section says: plain ASCII as it is, else the Base64 sentinel. */
function encoded(value) {
  return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !value.startsWith('=?base64?') ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
const listeners = [];
let nextId = 1;
const wire = transport === 'http' ? httpWire(process.argv[process.argv.length - 1]) : stdioWire();

function deliver(message) {
  if (message.method === undefined && pending.has(message.id)) {
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    resolve(message);
    return;
  }
  for (const listener of [...listeners]) listener(message);
}

/** Sends a request; resolves with its answer (undefined when its stream ended without one). */
function request(method, params = {}, { id = nextId++, withMeta = meta() } = {}) {
  const answer = new Promise((resolve) => pending.set(id, resolve));
  const message = { jsonrpc: '2.0', id, method, params: { ...params, ...(withMeta === undefined ? {} : { _meta: withMeta }) } };
  const ended = wire.send(message);
  return { id, answer, ended };
}

/** Resolves with the first message `test` accepts, or undefined after `ms`. */
function next(test, ms) {
  return new Promise((resolve) => {
    const listener = (message) => {
      if (!test(message)) return;
      clearTimeout(timer);
      listeners.splice(listeners.indexOf(listener), 1);
      resolve(message);
    };
    const timer = setTimeout(() => {
      listeners.splice(listeners.indexOf(listener), 1);
      resolve(undefined);
    }, ms);
    listeners.push(listener);
  });
}

const onSubscription = (id) => (m) => m.params?._meta?.['io.modelcontextprotocol/subscriptionId'] === id;

/** Opens a listen stream and waits for its acknowledgement. */
async function listen() {
  const id = nextId++;
  const acknowledged = next((m) => m.method === 'notifications/subscriptions/acknowledged' && onSubscription(id)(m), 5000);
  const opened = request('subscriptions/listen', { notifications: { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, resourceSubscriptions: [WATCHED] } }, { id });
  await acknowledged;
  return opened;
}

if (process.env.MCP_CONFORMANCE_SCENARIO !== undefined) {
  await suite();
  await wire.close();
  process.exit(0);
}
await request('server/discover').answer;
for (const list of ['tools', 'resources', 'prompts']) {
  let cursor;
  do {
    const page = await request(`${list}/list`, cursor === undefined ? {} : { cursor }).answer;
    if (list === 'tools') for (const tool of page?.result?.tools ?? []) tools.set(tool.name, headerParams(tool));
    cursor = page?.result?.nextCursor;
    if (defect === 'cursor-altered' && cursor !== undefined) cursor = `${cursor}x`;
  } while (cursor !== undefined);
}
await request('resources/templates/list', {}, defect === 'no-meta-version' ? { withMeta: { 'io.modelcontextprotocol/clientCapabilities': capabilities } } : {}).answer;
await request('resources/read', { uri: WATCHED }).answer;
let stream = await listen();
await request('tools/call', { name: 'progress', arguments: { steps: 2 } }, { withMeta: meta({ progressToken: 'p-1' }) }).answer;
const slow = request('tools/call', { name: 'slow', arguments: { seconds: 30 } });
await new Promise((resolve) => setTimeout(resolve, 300));
pending.delete(slow.id);
wire.cancel(slow.id);
await request('tools/call', { name: 'add', arguments: { a: 1, b: 2 } }).answer;
await request('prompts/get', { name: 'greet', arguments: { name: 'Ada' } }).answer;
if (tools.has('echo')) await request('tools/call', { name: 'echo', arguments: { text: 'Grüße, 世界' } }).answer;
// A tool whose x-mcp-header annotation is invalid is left out over HTTP (over stdio a client may ignore annotations).
if (tools.get('fail') !== null || defect === 'calls-invalid-tool') await request('tools/call', { name: 'fail', arguments: {} }).answer;

const changed = next((m) => m.method === 'notifications/tools/list_changed', 5000);
const first = request('tools/call', { name: 'wait_for_scenarios', arguments: {} });
const asked = (await first.answer)?.result;
if (defect === 'state-leaked' && asked?.requestState !== undefined) {
  await request('tools/call', { name: 'add', arguments: { a: 2, b: 3 }, inputResponses: {}, requestState: asked.requestState }).answer;
}
if (asked?.resultType === 'input_required') {
  const answers = { roots: { roots: [{ uri: 'file:///tmp/project', name: 'project' }] }, sampling: { role: 'assistant', content: { type: 'text', text: 'judged' }, model: 'test-model', stopReason: 'endTurn' }, 'elicitation-form': { action: 'accept', content: { name: 'Ada', count: 2 } } };
  const inputResponses = Object.fromEntries(Object.keys(asked.inputRequests ?? {}).map((key) => [key, answers[key] ?? { action: 'decline' }]));
  const requestState = defect === 'state-altered' ? `${asked.requestState}x` : asked.requestState;
  await request('tools/call', { name: 'wait_for_scenarios', arguments: {}, inputResponses, ...(requestState === undefined ? {} : { requestState }) }, defect === 'retry-reused-id' ? { id: first.id } : {}).answer;
}
await changed;
if (transport === 'http') {
  // A listen stream that ends without its response was dropped: open it again.
  if (await Promise.race([stream.ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 3000))])) stream = await listen();
}
wire.cancel(stream.id);
await wire.close();

/**
 * Under the conformance suite (MCP_CONFORMANCE_SCENARIO set, the server's URL last): list the tools,
 * then call the context's toolCalls (else every valid tool listed), answering input_required by
 * retrying with the state echoed, with the same defect applied.
 */
async function suite() {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
  await request('server/discover').answer;
  const listed = [];
  let cursor;
  do {
    const page = await request('tools/list', cursor === undefined ? {} : { cursor }).answer;
    for (const tool of page?.result?.tools ?? []) {
      tools.set(tool.name, headerParams(tool));
      listed.push(tool);
    }
    cursor = page?.result?.nextCursor;
  } while (cursor !== undefined);
  const calls = Array.isArray(context.toolCalls) ? context.toolCalls
    : listed.map((t) => ({ name: t.name, arguments: t.name === 'add_numbers' ? { a: 2, b: 3 }
      // json_schema_echo takes another tool's inputSchema back, as the client received it.
      : t.name === 'json_schema_echo' ? { schema: listed.find((other) => other.name !== t.name)?.inputSchema ?? {} } : {} }));
  let leaked;
  for (const call of calls) {
    if (tools.get(call.name) === null && defect !== 'calls-invalid-tool') continue;
    const first = request('tools/call', { ...call, ...(defect === 'state-leaked' && leaked !== undefined ? { inputResponses: {}, requestState: leaked } : {}) });
    let answer = await first.answer;
    for (let round = 0; round < 3 && answer?.result?.resultType === 'input_required'; round += 1) {
      const asked = answer.result;
      leaked = asked.requestState ?? leaked;
      const inputResponses = Object.fromEntries(Object.entries(asked.inputRequests ?? {}).map(([key, r]) => [key,
        r.method === 'elicitation/create' ? { action: 'accept', content: { confirmed: true } }
          : r.method === 'roots/list' ? { roots: [] }
            : { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'test-model', stopReason: 'endTurn' }]));
      const requestState = defect === 'state-altered' && asked.requestState !== undefined ? `${asked.requestState}x` : asked.requestState;
      answer = await request('tools/call', { ...call, inputResponses, ...(requestState === undefined ? {} : { requestState }) }, defect === 'retry-reused-id' ? { id: first.id } : {}).answer;
    }
  }
}

function stdioWire() {
  const argv = JSON.parse(process.env.MCP_SERVER_COMMAND ?? 'null');
  if (!Array.isArray(argv)) throw new Error('MCP_SERVER_COMMAND is not set');
  const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (line.trim() !== '') deliver(JSON.parse(line));
    }
  });
  const write = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return {
    send(message) {
      write(message);
      return new Promise(() => {});
    },
    cancel: (requestId) => write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'no longer needed' } }),
    close: () => new Promise((resolve) => {
      child.once('close', resolve);
      child.stdin.end();
    }),
  };
}

/** The Mcp-Param headers of a tools/call: each annotated argument that has a value, encoded. */
function paramHeaders(params) {
  const out = {};
  for (const { name, header } of tools.get(params.name) ?? []) {
    const value = params.arguments?.[name];
    if (typeof value === 'string' || typeof value === 'boolean' || Number.isSafeInteger(value)) out[`mcp-param-${header.toLowerCase()}`] = encoded(String(value));
  }
  return out;
}

function httpWire(url) {
  const streams = new Map();
  const NAMED = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };
  async function readEvents(response) {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let at;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const data = event.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
        if (data !== '') deliver(JSON.parse(data));
      }
    }
  }
  return {
    send(message) {
      const controller = new AbortController();
      streams.set(message.id, controller);
      const field = NAMED[message.method];
      const headers = {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': message.params?._meta?.['io.modelcontextprotocol/protocolVersion'] ?? VERSION,
        ...(defect === 'no-method-header' ? {} : { 'mcp-method': message.method }),
        ...(field === undefined ? {} : { 'mcp-name': encoded(message.params[field]) }),
        ...(message.method === 'tools/call' && defect !== 'no-param-header' ? paramHeaders(message.params) : {}),
      };
      return (async () => {
        const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message), signal: controller.signal });
        const type = response.headers.get('content-type') ?? '';
        if (type.startsWith('text/event-stream')) await readEvents(response);
        else if (type.startsWith('application/json')) deliver(await response.json());
        else await response.arrayBuffer();
      })().catch(() => {}).finally(() => streams.delete(message.id));
    },
    // Closing a request's response stream is its cancellation over HTTP.
    cancel: (requestId) => streams.get(requestId)?.abort(),
    async close() {
      for (const controller of streams.values()) controller.abort();
    },
  };
}
