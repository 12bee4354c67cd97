// Why: the Streamable HTTP face of the modern test peer (stdio/modern-core.mjs answers): a request
// from a foreign Origin refused with 403 (the transport page's DNS-rebinding MUST), POST only
// (GET and DELETE 405), the request metadata headers validated against the body as the
// 2026-07-28 transport page requires (400 with HeaderMismatch -32020), each answer with the status
// the page names, a listen stream as SSE held open until the client closes it. Each broken peer
// changes exactly one thing, so a finding can only come from that defect. Beside it, the real
// server these are measured against: the 2.x SDK's McpServer served the way the SDK documents.
import type http from 'node:http';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sendWebResponse, webRequest } from '../../matrix/peers/web-bridge.mjs';
import { listenLoopback, readRequestBody, type RunningPeer } from './http-peer.ts';
// @ts-expect-error: a plain ES module shared with the stdio peers, without types.
import { answer, listChanged } from './stdio/modern-core.mjs';

type Json = Record<string, unknown>;

/** What a broken peer changes: the answering core's change, or the HTTP side's. */
export interface ModernHttpChange {
  /** Serves a request whose headers do not match its body (or lack one), as if they did. */
  readonly acceptMismatch?: boolean;
  /** The HTTP status of an unknown method's -32601 (the page requires 404). */
  readonly unknownMethodStatus?: number;
  /** The HTTP status of an UnsupportedProtocolVersionError (the page requires 400). */
  readonly unsupportedStatus?: number;
  /** A listen stream carries a notification before its acknowledgement (the core's change). */
  readonly notifyBeforeAck?: boolean;
  /**
   * Once a listen stream was closed by the client, the listen re-sent is acknowledged under the
   * closed listen's subscription id, not its own request id (the server keeps the subscription it
   * should have dropped: "MUST be treated by the server as cancellation of that request").
   */
  readonly staleAckAfterDrop?: boolean;
  /**
   * Once a listen stream was closed by the client, its response is sent on the next listen stream;
   * a slow call whose connection the client closed is answered on the open listen streams (the
   * server keeps the cancelled request and answers it elsewhere: "MUST NOT send any further
   * messages for it").
   */
  readonly answerClosedElsewhere?: boolean;
  /** The second page of tools/list without ttlMs (the caching page requires it on every cacheable result). */
  readonly secondPageWithoutTtl?: boolean;
  /** The HTTP status of the -32602 refusing a request without its required _meta (the basic page requires 400). */
  readonly malformedStatus?: number;
  /** How a request from a foreign Origin is answered (the page requires 403): 200 serves it as any other; any other status refuses it. */
  readonly foreignOriginStatus?: number;
  /** The tools listed (the core's otherwise); a tools/call's Mcp-Param-* headers are checked against their x-mcp-header properties. */
  readonly tools?: readonly Json[];
  /** Serves a request whose _meta lacks io.modelcontextprotocol/clientCapabilities (the core's change; the basic page requires -32602). */
  readonly serveWithoutCapabilities?: boolean;
  /** How ping, which 2026-07-28 removed, is answered (the core's change; the page requires 404 and -32601). */
  readonly pingAnswer?: { readonly code: number; readonly status: number };
  /** Serves a request whose MCP-Protocol-Version does not match its _meta, as if it did. */
  readonly acceptVersionMismatch?: boolean;
  /** Serves a request whose Mcp-Name does not match its body, or is missing, as if it did. */
  readonly acceptNameMismatch?: boolean;
  /** Compares an Mcp-Name in the Base64 sentinel form undecoded (the Value Encoding section requires decoding it). */
  readonly undecodedName?: boolean;
  /** The capabilities server/discover declares (the core's otherwise). */
  readonly capabilities?: Json;
  /**
   * The HTTP status of every JSON-RPC error the core answers with 200 (an invalid cursor, an absent
   * resource, ...): the pages require only that a request's answer be application/json or SSE, and
   * name 400 for validation failures, so 400 is as correct as 200.
   */
  readonly errorStatus?: number;
  /** The answering core's other changes (see modern-core.mjs): logs, progress, input_required, list change notifications. */
  readonly core?: {
    readonly progressWrongToken?: boolean;
    readonly progressWithoutToken?: boolean;
    readonly logBelowLevel?: boolean;
    readonly logWithoutLevel?: boolean;
    readonly inputRequiredOn?: string;
    readonly askUndeclared?: boolean;
    readonly acceptAlteredState?: boolean;
    readonly acceptAnyLogLevel?: boolean;
    readonly changedWithoutId?: boolean;
  };
}

const NAMED: Readonly<Record<string, string>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** The header check of the transport page: undefined when the headers match the body, else what is wrong. */
function headerMismatch(req: http.IncomingMessage, message: Json, change: ModernHttpChange): string | undefined {
  const tools = change.tools ?? [];
  const params = (message['params'] ?? {}) as Json;
  const meta = (params['_meta'] ?? {}) as Json;
  const version = meta['io.modelcontextprotocol/protocolVersion'];
  if (req.headers['mcp-protocol-version'] !== version && (change.acceptVersionMismatch !== true || req.headers['mcp-protocol-version'] === undefined)) return 'MCP-Protocol-Version does not match _meta';
  if (req.headers['mcp-method'] !== message['method']) return 'Mcp-Method does not match the method';
  const source = NAMED[String(message['method'])];
  if (source !== undefined && typeof params[source] === 'string' && change.acceptNameMismatch !== true) {
    const header = req.headers['mcp-name'];
    const encoded = typeof header === 'string' && header.startsWith('=?base64?') && header.endsWith('?=') && change.undecodedName !== true;
    const decoded = encoded ? Buffer.from(header.slice(9, -2), 'base64').toString('utf8') : header;
    if (decoded !== params[source]) return 'Mcp-Name does not match the body';
  }
  // Custom Headers from Tool Parameters: each top-level x-mcp-header property given is mirrored.
  const tool = message['method'] === 'tools/call' ? tools.find((t) => t['name'] === params['name']) : undefined;
  const properties = ((tool?.['inputSchema'] as Json | undefined)?.['properties'] ?? {}) as Record<string, Json>;
  const args = (params['arguments'] ?? {}) as Json;
  for (const [key, schema] of Object.entries(properties)) {
    const name = schema['x-mcp-header'];
    if (typeof name !== 'string' || args[key] === undefined) continue;
    const header = req.headers[`mcp-param-${name.toLowerCase()}`];
    const decoded = typeof header === 'string' && header.startsWith('=?base64?') && header.endsWith('?=') ? Buffer.from(header.slice(9, -2), 'base64').toString('utf8') : header;
    if (decoded !== String(args[key])) return `Mcp-Param-${name} does not match the argument`;
  }
  return undefined;
}

/** Whether an Origin header is absent or names this loopback host (any port). */
function loopbackOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function isModern(message: Json): boolean {
  const params = message['params'];
  return typeof params === 'object' && params !== null && typeof ((params as Json)['_meta'] as Json | undefined)?.['io.modelcontextprotocol/protocolVersion'] === 'string';
}

/** Starts a modern peer on 127.0.0.1 with one change (none: the correct peer). */
export function startModernHttpPeer(change: ModernHttpChange = {}): Promise<RunningPeer> {
  /** The id of the last listen whose stream the client closed (for staleAckAfterDrop). */
  let dropped: unknown;
  /** The open listen streams, each with its request id and filter: told of list changes. */
  const listens = new Set<{ readonly id: unknown; readonly filter: Json; readonly res: http.ServerResponse }>();
  return listenLoopback((req, res) => {
    void (async () => {
      if (!loopbackOrigin(req.headers.origin) && change.foreignOriginStatus !== 200) {
        res.writeHead(change.foreignOriginStatus ?? 403, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Forbidden: foreign Origin' } }));
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const message = JSON.parse(await readRequestBody(req)) as Json;
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (isModern(message) && change.acceptMismatch !== true) {
        const wrong = headerMismatch(req, message, change);
        if (wrong !== undefined) {
          json(400, { jsonrpc: '2.0', id: message['id'] ?? null, error: { code: -32020, message: `Header mismatch: ${wrong}` } });
          return;
        }
      }
      const coreChange = {
        ...(change.unknownMethodStatus === undefined ? {} : { unknownMethodStatus: change.unknownMethodStatus }),
        ...(change.unsupportedStatus === undefined ? {} : { unsupportedStatus: change.unsupportedStatus }),
        ...(change.notifyBeforeAck === true ? { notifyBeforeAck: true } : {}),
        ...(change.secondPageWithoutTtl === true ? { secondPageWithoutTtl: true } : {}),
        ...(change.malformedStatus === undefined ? {} : { malformedStatus: change.malformedStatus }),
        ...(change.serveWithoutCapabilities === true ? { serveWithoutCapabilities: true } : {}),
        ...(change.pingAnswer === undefined ? {} : { pingAnswer: change.pingAnswer }),
        ...change.core,
      };
      const answered = answer(message, { change: coreChange, ...(change.tools === undefined ? {} : { tools: change.tools }), ...(change.capabilities === undefined ? {} : { capabilities: change.capabilities }) }) as { status: number; messages: Json[]; hold?: boolean; changed?: boolean; delayMs?: number };
      if (answered.delayMs !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, answered.delayMs));
        if (res.destroyed || req.socket.destroyed) {
          // The client closed the connection: the request is cancelled, and nothing more is sent for it.
          if (change.answerClosedElsewhere === true) for (const listen of listens) for (const m of answered.messages) listen.res.write(`data: ${JSON.stringify(m)}\n\n`);
          return;
        }
      }
      if (answered.changed === true) {
        for (const listen of listens) for (const m of listChanged(listen.id, listen.filter, coreChange) as Json[]) listen.res.write(`data: ${JSON.stringify(m)}\n\n`);
      }
      if (answered.messages.length === 0) {
        res.writeHead(202).end();
        return;
      }
      if (answered.hold === true) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        const listenId = message['id'];
        for (const m of answered.messages) {
          const meta = ((m['params'] as Json | undefined)?.['_meta'] ?? {}) as Json;
          if (change.staleAckAfterDrop === true && dropped !== undefined && m['method'] === 'notifications/subscriptions/acknowledged') meta['io.modelcontextprotocol/subscriptionId'] = dropped;
          res.write(`data: ${JSON.stringify(m)}\n\n`);
        }
        if (change.answerClosedElsewhere === true && dropped !== undefined && dropped !== listenId) {
          res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: dropped, result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': dropped } } })}\n\n`);
        }
        const listen = { id: listenId, filter: ((message['params'] as Json | undefined)?.['notifications'] ?? {}) as Json, res };
        listens.add(listen);
        res.on('close', () => {
          listens.delete(listen);
          dropped ??= listenId;
        });
        return; // held open until the client closes it
      }
      if (answered.messages.length > 1) {
        // Notifications before the response: an SSE response stream carrying them in order, then closed.
        res.writeHead(answered.status, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        for (const m of answered.messages) res.write(`data: ${JSON.stringify(m)}\n\n`);
        res.end();
        return;
      }
      const only = answered.messages[0] as Json;
      json(change.errorStatus !== undefined && answered.status === 200 && 'error' in only ? change.errorStatus : answered.status, only);
    })().catch(() => res.destroy());
  });
}

/**
 * Defect (2026-07-28, Streamable HTTP, Protocol Version Header: an unknown method MUST get 404 Not
 * Found, an unsupported version 400 Bad Request): both errors come with HTTP 200.
 */
export function startWrongStatusServer(): Promise<RunningPeer> {
  return startModernHttpPeer({ unknownMethodStatus: 200, unsupportedStatus: 200 });
}

/** The 2.x SDK's McpServer with one echo tool, over createMcpHandler (its fetch handler behind Node's http server; 2026-07-28, and 2025 stateless). */
export async function startSdkModernServer(): Promise<RunningPeer> {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'sdk-modern', version: '1.0.0' });
    server.registerTool('echo', { description: 'Echoes the text back.', inputSchema: z.object({ text: z.string() }) },
      async ({ text }) => ({ content: [{ type: 'text', text }] }));
    return server;
  });
  let port = '0';
  const peer = await listenLoopback((req, res) => {
    void (async () => sendWebResponse(await handler.fetch(await webRequest(req, port)), res))().catch(() => res.destroy());
  });
  port = peer.url.port;
  return peer;
}
