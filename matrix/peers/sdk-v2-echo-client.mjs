// Why: the matrix needs a client made the way users of the 2.x SDK make one
// (@modelcontextprotocol/client: Client, its stdio and Streamable HTTP client transports) that runs
// the matrix's one echo session. At a 2025 revision it offers exactly that revision (its
// supportedProtocolVersions option) in the plain initialize handshake; at 2026-07-28 it pins that
// revision (versionNegotiation { pin }: server/discover, no fallback); at `auto` it negotiates the
// era the way the SDK's automatic mode does (server/discover first, initialize for a legacy server).
// Usage: node sdk-v2-echo-client.mjs VERSION|auto stdio CMD [ARGS...] | node sdk-v2-echo-client.mjs VERSION|auto http URL
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { runEchoSession } from './echo-session.mjs';

/** The revisions of the stateless era (negotiated by server/discover, not by initialize). */
const MODERN = ['2026-07-28'];

const [version, transport, ...target] = process.argv.slice(2);
if (version === undefined || (transport !== 'stdio' && transport !== 'http') || target.length === 0) {
  process.stderr.write('usage: sdk-v2-echo-client.mjs VERSION|auto stdio CMD [ARGS...] | VERSION|auto http URL\n');
  process.exit(2);
}
let wire;
if (transport === 'stdio') {
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  wire = new StdioClientTransport({ command: target[0], args: target.slice(1), stderr: 'inherit' });
} else {
  wire = new StreamableHTTPClientTransport(new URL(target[0]));
}
const options = version === 'auto' ? { versionNegotiation: { mode: 'auto' } }
  : MODERN.includes(version) ? { versionNegotiation: { mode: { pin: version } } }
  : { supportedProtocolVersions: [version] };
const client = new Client({ name: 'matrix-echo-client', version: '1.0.0' }, { capabilities: {}, ...options });
await runEchoSession(client, wire);
