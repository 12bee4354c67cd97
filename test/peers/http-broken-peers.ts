// Why: each defect class of a Streamable HTTP server's answers and session handling gets one peer
// that is correct in everything else, so a test can assert the exact rule the defect breaks.
import type http from 'node:http';
import { McpHttpPeer, type Json } from './http-mcp-peer.ts';

/** Answers tools/list with HTTP 503 (an HTTP error, not a timeout). */
export class Status503Peer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] === 'tools/list') return this.status(res, 503, { 'content-type': 'application/json' }, '{"jsonrpc":"2.0","error":{"code":-32000,"message":"overloaded"}}');
    super.answerRequest(req, res, message, response, headers);
  }
}

/** Never answers tools/list: the POST gets no response head. */
export class HangPeer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] === 'tools/list') return;
    super.answerRequest(req, res, message, response, headers);
  }
}

/** Answers a request carrying a terminated session id with 400 instead of 404. */
export class TerminatedSession400Peer extends McpHttpPeer {
  protected override sessionRefusal(req: http.IncomingMessage): number | undefined {
    const refusal = super.sessionRefusal(req);
    return refusal === 404 ? 400 : refusal;
  }
}

/** Refuses DELETE with 405, as a server that does not let clients end sessions may. */
export class DeleteRefusedPeer extends McpHttpPeer {
  protected override handleDelete(_req: http.IncomingMessage, res: http.ServerResponse): void {
    this.status(res, 405, { allow: 'GET, POST' });
  }
}

/** Issues a session id with an invalid InitializeResult (no serverInfo). */
export class SessionWithoutValidInitializePeer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] === 'initialize') {
      const { serverInfo: _dropped, ...result } = response['result'] as Json;
      return super.answerRequest(req, res, message, { ...response, result }, headers);
    }
    super.answerRequest(req, res, message, response, headers);
  }
}

/** Issues no session id with the InitializeResult, then refuses every request without one (400). */
export class NoSessionThen400Peer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, _headers?: Record<string, string>): void {
    super.answerRequest(req, res, message, response, {});
  }
}

/** Issues a session id with a space in it. */
export class SessionIdWithSpacePeer extends McpHttpPeer {
  protected override newSessionId(): string {
    return `peer sid ${this.sessions.size + 1}`;
  }
}

/** Answers requests with Content-Type text/plain. */
export class WrongContentTypePeer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] === 'tools/list') return this.status(res, 200, { 'content-type': 'text/plain', ...headers }, JSON.stringify(response));
    super.answerRequest(req, res, message, response, headers);
  }
}

/** Answers notifications with 200 and a JSON body instead of 202. */
export class NotificationAnswered200Peer extends McpHttpPeer {
  protected override accept(res: http.ServerResponse): void {
    this.status(res, 200, { 'content-type': 'application/json' }, '{}');
  }
}

/** Redirects tools/list, to the same origin or to another one. */
export class RedirectPeer extends McpHttpPeer {
  readonly location: string;

  constructor(location: string) {
    super('json');
    this.location = location;
  }

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] === 'tools/list') return this.status(res, 307, { location: this.location });
    super.answerRequest(req, res, message, response, headers);
  }
}

/** Drops the connection in the middle of the JSON body answering tools/list. */
export class ConnectionDropPeer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
    const text = JSON.stringify(response);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length), ...headers });
    res.write(text.slice(0, 10), () => res.socket?.destroy());
  }
}

/** Answers tools/list with a JSON body that is not UTF-8. */
export class InvalidUtf8Peer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(Buffer.concat([Buffer.from(JSON.stringify(response).slice(0, -2)), Buffer.from([0xff, 0xfe]), Buffer.from('}}')]));
  }
}

/** Accepts requests from any Origin. */
export class OriginIgnoredPeer extends McpHttpPeer {
  protected override originAllowed(): boolean {
    return true;
  }
}

/** Refuses a foreign Origin with 400 instead of 403. */
export class OriginRefused400Peer extends McpHttpPeer {
  protected override refuseOrigin(res: http.ServerResponse): void {
    this.status(res, 400);
  }
}

/** Resets the kept-alive connection the ping POST arrives on, once (as a server closing an idle connection would). */
export class ResetReusedConnectionPeer extends McpHttpPeer {
  resets = 0;

  protected override handlePost(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    if (this.resets === 0 && body.includes('"method":"ping"')) {
      this.resets += 1;
      req.socket.destroy();
      return;
    }
    super.handlePost(req, res, body);
  }
}

/** Requires credentials the client did not give: every request gets 401 with a challenge. */
export class AuthRequiredPeer extends McpHttpPeer {
  protected override handlePost(_req: http.IncomingMessage, res: http.ServerResponse): void {
    this.status(res, 401, { 'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"' });
  }
}

/** Echoes the request's Authorization header back in a 500 body and a header on tools/list. */
export class CredentialEchoPeer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
    const auth = String(req?.headers.authorization);
    this.status(res, 500, { 'www-authenticate': `Bearer error="${auth.slice(7)}"` }, `{"error":"bad token ${auth.slice(7)} in ${auth}"}`);
  }
}
