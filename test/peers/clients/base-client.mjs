// A hand-written MCP client (no SDK) for check-client's tests: over stdio it starts the server named
// in MCP_SERVER_COMMAND (a JSON argv), over Streamable HTTP it speaks to the URL given as its last
// argument. It does what a careful host does (initialize, initialized, every page of every list,
// a subscription, a call with progress, a slow call it cancels, answers to every server request),
// unless `defect` names the one thing it gets wrong.
import { spawn } from 'node:child_process';

const PROTOCOL = process.env.CLIENT_PROTOCOL ?? '2025-11-25';

/**
 * Runs the client; `defect` is one of: skip-initialized, wrong-id, roots-not-file, sampling-missing,
 * elicitation-schema, no-ping, answers-undeclared-roots, or none (no-roots: correct, without roots).
 */
export async function runClient({ transport, defect = 'none', capabilities }) {
  const wire = transport === 'http' ? httpWire(process.argv[process.argv.length - 1]) : stdioWire();
  const pending = new Map();
  let nextId = 1;
  const request = (method, params, onSent) => {
    const id = nextId++;
    const answer = new Promise((resolve) => pending.set(id, resolve));
    wire.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    onSent?.(id);
    return answer;
  };
  const notify = (method, params) => wire.send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  wire.onMessage((message) => {
    if (message.method !== undefined && message.id !== undefined) return serverRequest(message);
    if (message.method === undefined && pending.has(message.id)) {
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      resolve(message);
    }
  });
  const answer = (id, result) => wire.send({ jsonrpc: '2.0', id, result });
  const refuse = (id, code, message) => wire.send({ jsonrpc: '2.0', id, error: { code, message } });
  function serverRequest({ id, method, params }) {
    switch (method) {
      case 'ping':
        if (defect === 'no-ping') return;
        return answer(defect === 'wrong-id' ? `${id}-x` : id, {});
      case 'roots/list':
        if (defect === 'answers-undeclared-roots') return answer(id, { roots: [] });
        if (!declared.roots) return refuse(id, -32601, 'Roots not supported');
        return answer(id, { roots: [{ uri: defect === 'roots-not-file' ? 'https://example.com/repo' : 'file:///tmp/project', name: 'project' }] });
      case 'sampling/createMessage':
        if (defect === 'sampling-missing') return answer(id, { role: 'assistant', content: { type: 'text', text: 'judged' } });
        return answer(id, { role: 'assistant', content: { type: 'text', text: 'judged' }, model: 'test-model', stopReason: 'endTurn' });
      case 'elicitation/create': {
        const mode = params?.mode ?? 'form';
        const modes = declared.elicitation === undefined ? [] : Object.keys(declared.elicitation).length === 0 ? ['form'] : Object.keys(declared.elicitation);
        if (!modes.includes(mode)) return refuse(id, -32602, `elicitation mode ${mode} is not supported`);
        if (mode === 'url') return answer(id, { action: 'decline' });
        if (defect === 'elicitation-schema') return answer(id, { action: 'accept', content: { count: 'two' } });
        return answer(id, { action: 'accept', content: { name: 'Ada', count: 2 } });
      }
      default:
        return refuse(id, -32601, `Method not found: ${method}`);
    }
  }
  // Without roots the server asks for them anyway (the undeclared scenario): no-roots refuses as it should, answers-undeclared-roots answers.
  const rootless = defect === 'no-roots' || defect === 'answers-undeclared-roots';
  const declared = capabilities ?? (rootless ? { sampling: {}, elicitation: { form: {} } } : { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } });
  const init = await request('initialize', { protocolVersion: PROTOCOL, capabilities: declared, clientInfo: { name: 'test-client', version: '1.0.0' } });
  if (init.error !== undefined) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`);
  wire.initialized?.(init);
  if (defect !== 'skip-initialized') notify('notifications/initialized');
  await wire.ready?.();
  for (const list of ['tools', 'resources', 'prompts']) {
    let cursor;
    do {
      const page = await request(`${list}/list`, cursor === undefined ? undefined : { cursor });
      cursor = page.result?.nextCursor;
    } while (cursor !== undefined);
  }
  await request('resources/templates/list');
  await request('resources/subscribe', { uri: 'mcp-statechart://judging-server/watched' });
  await request('resources/read', { uri: 'mcp-statechart://judging-server/watched' });
  await request('tools/call', { name: 'progress', arguments: { steps: 2 }, _meta: { progressToken: 'p-1' } });
  let slowId;
  const slow = request('tools/call', { name: 'slow', arguments: { seconds: 30 } }, (id) => {
    slowId = id;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  pending.delete(slowId);
  notify('notifications/cancelled', { requestId: slowId, reason: 'timed out' });
  void slow;
  await request('tools/call', { name: 'add', arguments: { a: 1, b: 2 } });
  await request('prompts/get', { name: 'greet', arguments: { name: 'Ada' } });
  await request('tools/call', { name: 'wait_for_scenarios', arguments: {} });
  await wire.close();
}

function stdioWire() {
  const argv = JSON.parse(process.env.MCP_SERVER_COMMAND ?? 'null');
  if (!Array.isArray(argv)) throw new Error('MCP_SERVER_COMMAND is not set');
  const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  let handler = () => {};
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (line.trim() !== '') handler(JSON.parse(line));
    }
  });
  return {
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    onMessage: (h) => { handler = h; },
    close: () => new Promise((resolve) => {
      child.once('close', resolve);
      child.stdin.end();
    }),
  };
}

function httpWire(url) {
  let handler = () => {};
  let session;
  let version = PROTOCOL;
  const inFlight = new Set();
  let get;
  const headers = () => ({
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    ...(session === undefined ? {} : { 'mcp-session-id': session, 'mcp-protocol-version': version }),
  });
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
        if (data !== '') handler(JSON.parse(data));
      }
    }
  }
  const controller = new AbortController();
  return {
    send(message) {
      const done = (async () => {
        const response = await fetch(url, { method: 'POST', headers: headers(), body: JSON.stringify(message), signal: controller.signal });
        if (response.headers.get('mcp-session-id') !== null) session = response.headers.get('mcp-session-id');
        if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) await readEvents(response);
        else if ((response.headers.get('content-type') ?? '').startsWith('application/json')) handler(await response.json());
        else await response.arrayBuffer();
      })().catch(() => {});
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    },
    onMessage: (h) => { handler = h; },
    initialized: (init) => { version = init.result.protocolVersion; },
    async ready() {
      await new Promise((resolve) => setTimeout(resolve, 50));
      get = fetch(url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': version }, signal: controller.signal })
        .then((response) => readEvents(response)).catch(() => {});
    },
    async close() {
      await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': session, 'mcp-protocol-version': version } }).then((r) => r.arrayBuffer()).catch(() => {});
      controller.abort();
      await Promise.allSettled([...inFlight, get]);
    },
  };
}
