// Why: a server behind an HTTP library compresses its answers when the client offers it; the
// checker and the tap must judge the decoded message and never the coded bytes, and must not let
// a small coded body inflate without bound. This peer is correct in everything else: it codes its
// answers (JSON bodies and SSE streams) with the coding it was made with, when the request's
// Accept-Encoding offers it, and can be told to send coded bytes that do not decode, or a bomb.
import type http from 'node:http';
import zlib from 'node:zlib';
import { McpHttpPeer, type Json } from './http-mcp-peer.ts';

/** A coding the peer applies. */
export type PeerCoding = 'gzip' | 'deflate' | 'deflate-raw' | 'br';

/** What the peer does wrong with the answer to `method`, if anything. */
export interface CodingDefect {
  readonly method: string;
  /** `garbage`: bytes that are no such coding; `bomb`: a valid answer padded with `bombBytes` spaces, coded (a few KB on the wire). */
  readonly kind: 'garbage' | 'bomb';
  readonly bombBytes?: number;
}

function encode(coding: PeerCoding, bytes: Buffer): Buffer {
  if (coding === 'gzip') return zlib.gzipSync(bytes);
  if (coding === 'deflate') return zlib.deflateSync(bytes);
  if (coding === 'deflate-raw') return zlib.deflateRawSync(bytes);
  return zlib.brotliCompressSync(bytes);
}

/** A correct server that codes its answers when the client offers the coding. */
export class CodingPeer extends McpHttpPeer {
  readonly coding: PeerCoding;
  readonly defect: CodingDefect | undefined;
  /** Answers sent coded. */
  coded = 0;

  constructor(answer: 'json' | 'sse', coding: PeerCoding, defect?: CodingDefect) {
    super(answer);
    this.coding = coding;
    this.defect = defect;
  }

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers: Record<string, string> = {}): void {
    const offered = (req ?? this.lastRequest)?.headers['accept-encoding'] ?? '';
    const name = this.coding === 'deflate-raw' ? 'deflate' : this.coding;
    if (!offered.split(',').map((s) => s.trim().split(';')[0]).includes(name)) return super.answerRequest(req, res, message, response, headers);
    let text = JSON.stringify(response);
    const defect = this.defect?.method === message['method'] ? this.defect : undefined;
    if (defect?.kind === 'bomb') text += ' '.repeat(defect.bombBytes ?? 50_000_000);
    const body = this.answer === 'json' ? text : `id: s${++this.streams}-e1\ndata:\n\nid: s${this.streams}-e2\nevent: message\ndata: ${text}\n\n`;
    const coded = defect?.kind === 'garbage' ? Buffer.from('these bytes are no coded data at all') : encode(this.coding, Buffer.from(body));
    this.coded += 1;
    res.writeHead(200, { 'content-type': this.answer === 'json' ? 'application/json' : 'text/event-stream', 'content-encoding': name, vary: 'accept-encoding', ...headers });
    res.end(coded);
  }

  /** The request being answered when answerRequest is called without one (initialize). */
  private get lastRequest(): { headers: http.IncomingHttpHeaders } | undefined {
    return this.seen[this.seen.length - 1];
  }
}
