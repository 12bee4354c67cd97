// Why: both echo servers serve Streamable HTTP the way the SDKs' examples do: Node's http server
// on 127.0.0.1 (a free port, printed as `listening PORT` on stdout), one SDK transport and server
// per session, made when a request without a session id arrives (initialize), found again by the
// session id afterwards; an unknown session id gets 404.
import { createServer } from 'node:http';

/**
 * Listens on 127.0.0.1 and routes each request to its session: `open(onSessionId)` makes a new
 * SDK transport (connected to a new server) that calls `onSessionId(id)` once the session exists;
 * `handle(transport, req, res, port)` lets the SDK answer.
 */
export function serveSessions(open, handle) {
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    try {
      const id = req.headers['mcp-session-id'];
      let session = typeof id === 'string' ? sessions.get(id) : undefined;
      if (session === undefined) {
        if (typeof id === 'string') {
          res.writeHead(404).end();
          return;
        }
        const opened = await open((sid) => void sessions.set(sid, opened));
        session = opened;
      }
      await handle(session, req, res, http.address().port);
    } catch (error) {
      process.stderr.write(`${error?.stack ?? error}\n`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    }
  });
  http.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${http.address().port}\n`));
  process.on('SIGTERM', () => process.exit(0));
}
