// Why: the 2.x SDK's HTTP entries (its web-standard transport, createMcpHandler) speak the Fetch
// API; behind Node's http server each Node request becomes a Request and each Response is written
// back as it comes (an SSE stream may stay silent, so its head goes out at once).

/** The Fetch API request of a Node request (the body read whole: MCP POST bodies are one message). */
export async function webRequest(req, port) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE' ? undefined : Buffer.concat(chunks);
  return new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body });
}

/** Writes a Fetch API response to a Node response, streaming its body (SSE) as it comes. */
export async function sendWebResponse(response, res) {
  res.writeHead(response.status, [...response.headers].flat());
  // The head goes out now, as the SDK's Node transport sends it: an SSE stream may stay silent.
  res.flushHeaders();
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}
