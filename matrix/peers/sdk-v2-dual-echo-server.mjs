// Why: the 2.x SDK serves the stateless 2026-07-28 revision through its own serving entries, each
// given a factory of McpServers: serveStdio (@modelcontextprotocol/server/stdio) and
// createMcpHandler (a Fetch API handler, here behind Node's http server on 127.0.0.1). In their
// default dual-era posture they answer server/discover and serve 2026-07-28 requests statelessly,
// and still serve a client that opens with initialize (a legacy instance over stdio, the stateless
// legacy fallback over HTTP), so the matrix runs 2.x and 1.x clients of both eras against them.
// Usage: node sdk-v2-dual-echo-server.mjs stdio | node sdk-v2-dual-echo-server.mjs http
// (http: listens on 127.0.0.1, a free port, and prints `listening PORT` on stdout.)
import { createServer } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { echoServer } from './sdk-v2-echo-tool.mjs';
import { sendWebResponse, webRequest } from './web-bridge.mjs';

const [transport] = process.argv.slice(2);
if (transport !== 'stdio' && transport !== 'http') {
  process.stderr.write('usage: sdk-v2-dual-echo-server.mjs stdio|http\n');
  process.exit(2);
}

if (transport === 'stdio') {
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  serveStdio(echoServer);
} else {
  const handler = createMcpHandler(echoServer);
  const http = createServer((req, res) => {
    void (async () => sendWebResponse(await handler.fetch(await webRequest(req, http.address().port)), res))().catch((error) => {
      process.stderr.write(`${error?.stack ?? error}\n`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  http.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${http.address().port}\n`));
  process.on('SIGTERM', () => void handler.close().finally(() => process.exit(0)));
}
