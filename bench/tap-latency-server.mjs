// Why: the server end of the tap latency workload: a server made with the official SDK that
// answers ping and nothing else of note, so the round trips measure the transports and the tap,
// not a server's work. `stdio`: over stdin and stdout. `http`: Streamable HTTP on 127.0.0.1 on an
// ephemeral port (printed on stderr as `listening PORT`), a session per client, until SIGTERM.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const server = () => new McpServer({ name: 'bench-latency-server', version: '1.0.0' });

if (process.argv[2] === 'stdio') {
  await server().connect(new StdioServerTransport());
} else {
  const sessions = new Map();
  const listener = http.createServer(async (req, res) => {
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport === undefined) {
      if (typeof id === 'string') return void res.writeHead(404).end();
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      await server().connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  listener.listen(0, '127.0.0.1', () => process.stderr.write(`listening ${listener.address().port}\n`));
  process.on('SIGTERM', () => {
    listener.closeAllConnections();
    listener.close(() => process.exit(0));
  });
}
