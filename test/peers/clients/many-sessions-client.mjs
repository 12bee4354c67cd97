// A hostile Streamable HTTP client for check-client's bounds: node many-sessions-client.mjs
// SESSIONS MESSAGES URL. It opens SESSIONS sessions (each with its own initialize) and sends each
// MESSAGES notifications of nearly 2 MB (a roots/list_changed padded in _meta): every session
// within the checker's per-session limits, all of them together far past what one run may hold.
const [sessions = '64', messages = '7'] = process.argv.slice(2);
const url = process.argv[process.argv.length - 1];
const VERSION = '2025-11-25';
const PAD = 'x'.repeat(1_900_000);
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function post(body, id) {
  const headers = { ...HEADERS, ...(id === undefined ? {} : { 'mcp-session-id': id, 'mcp-protocol-version': VERSION }) };
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  await res.text();
  return res.headers.get('mcp-session-id') ?? undefined;
}

async function session(n) {
  const id = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: `many-sessions-${n}`, version: '1.0.0' } } });
  if (id === undefined) return;
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, id);
  for (let i = 0; i < Number(messages); i += 1) {
    await post({ jsonrpc: '2.0', method: 'notifications/roots/list_changed', params: { _meta: { pad: PAD, n: i } } }, id);
  }
}

for (let n = 0; n < Number(sessions); n += 4) {
  await Promise.all([0, 1, 2, 3].filter((k) => n + k < Number(sessions)).map((k) => session(n + k)));
}
