// Why: a hostile server does what no specification forbids in so many words but what would make a
// careless client hang, grow without bound or leak: streams of empty events that never end,
// unique event ids without end, session ids chosen to blank out a report, secrets echoed encoded
// or straddling an excerpt's cut. Each peer here is correct in everything else.
import type http from 'node:http';
import { McpHttpPeer, type Json } from './http-mcp-peer.ts';

/** Answers tools/list with a primed SSE stream that then carries only empty events, each with a new long id, until the client goes. */
export class EmptyEventsForeverPeer extends McpHttpPeer {
  /** Empty events written. */
  written = 0;

  constructor() {
    super('sse');
  }

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
    this.openSse(res, headers);
    res.write('id: prime\ndata:\n\n');
    const pad = 'i'.repeat(4096);
    const timer = setInterval(() => {
      this.written += 1;
      res.write(`id: ${pad}-${this.written}\ndata:\n\n: keep-alive comment\n\n`);
    }, 5);
    res.on('close', () => clearInterval(timer));
  }
}

/** Issues a one-character session id (visible ASCII, so allowed), which must not become a redaction pattern. */
export class OneCharacterSessionPeer extends McpHttpPeer {
  constructor() {
    super('json');
  }

  protected override newSessionId(): string {
    return 'e';
  }
}

/** Answers tools/list 500 with the bearer token echoed percent-encoded in Location, `\/`-escaped in the body, and after 190 characters (straddling the excerpt's cut). */
export class EncodedCredentialEchoPeer extends McpHttpPeer {
  constructor() {
    super('json');
  }

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
    const token = String(req?.headers.authorization ?? '').slice('Bearer '.length);
    const escaped = JSON.stringify(token).slice(1, -1).replace(/\//g, '\\/');
    const unicode = [...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    this.status(res, 500, { location: `/login?token=${encodeURIComponent(token)}`, 'www-authenticate': `Bearer error="${encodeURIComponent(token)}"` },
      `${'x'.repeat(190)}${token} {"error":"bad token ${escaped}", "again":"${unicode}", "b64":"${Buffer.from(`user:${token}`).toString('base64')}"}`);
  }
}
