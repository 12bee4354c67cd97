// Why: the HTTP tap, the judging server's endpoint and the live inspector page each listen on a
// loopback address, answer only requests addressed to them from this machine
// (live/loopback-host.ts) and, when stopped, end every connection they hold. One listener does
// that for all three, so they cannot drift apart.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { foreignAddressing } from './loopback-host.ts';

/** What a listener does with a request: `serve` the ones addressed to it, `refuse` the others (403 already counted; the body is the caller's). */
export interface LoopbackHandlers {
  readonly serve: (req: IncomingMessage, res: ServerResponse) => void;
  /** Answers a refused request (its body is already being drained): `why` names the header, `refused` counts them so far. */
  readonly refuse: (res: ServerResponse, why: string, refused: number) => void;
}

/** An HTTP listener on a loopback address that refuses requests not addressed to it and tracks its connections. */
export class LoopbackListener {
  readonly #handlers: LoopbackHandlers;
  readonly #sockets = new Set<Socket>();
  #server: http.Server | undefined;
  /** The listening address as a Host header names it (IPv6 in brackets). */
  #shown = '';
  #port = 0;
  #refused = 0;

  constructor(handlers: LoopbackHandlers) {
    this.#handlers = handlers;
  }

  /** Starts listening on `host` (a loopback address) and `port` (0: a free one); returns the address as a Host header names it, and the port. */
  async listen(host: string, port: number): Promise<{ readonly host: string; readonly port: number }> {
    const server = http.createServer((req, res) => this.#request(req, res));
    server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    this.#shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.#port = address.port;
    return { host: this.#shown, port: this.#port };
  }

  /** Requests refused so far (not addressed to this listener by a loopback name, or from a page elsewhere). */
  get refused(): number {
    return this.#refused;
  }

  #request(req: IncomingMessage, res: ServerResponse): void {
    const why = foreignAddressing(req.headers, this.#shown, this.#port);
    if (why === undefined) {
      this.#handlers.serve(req, res);
      return;
    }
    this.#refused += 1;
    req.resume();
    this.#handlers.refuse(res, why, this.#refused);
  }

  /** Stops listening and destroys every open connection; says whether it was listening and how many connections it ended. */
  async close(): Promise<{ readonly listening: boolean; readonly connectionsClosed: number }> {
    const server = this.#server;
    if (server === undefined) return { listening: false, connectionsClosed: 0 };
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    let closed = 0;
    for (const socket of this.#sockets) {
      closed += 1;
      socket.destroy();
    }
    await done;
    return { listening: true, connectionsClosed: closed };
  }
}
