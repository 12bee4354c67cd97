// Why: the matrix needs a client made the way users of the 2.x SDK make one
// (@modelcontextprotocol/client: Client, its stdio and Streamable HTTP client transports), offering
// exactly the revision under test (its supportedProtocolVersions option), that runs the matrix's
// one echo session.
// Usage: node sdk-v2-echo-client.mjs VERSION stdio CMD [ARGS...] | node sdk-v2-echo-client.mjs VERSION http URL
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { runEchoSession } from './echo-session.mjs';

const [version, transport, ...target] = process.argv.slice(2);
if (version === undefined || (transport !== 'stdio' && transport !== 'http') || target.length === 0) {
  process.stderr.write('usage: sdk-v2-echo-client.mjs VERSION stdio CMD [ARGS...] | VERSION http URL\n');
  process.exit(2);
}
let wire;
if (transport === 'stdio') {
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  wire = new StdioClientTransport({ command: target[0], args: target.slice(1), stderr: 'inherit' });
} else {
  wire = new StreamableHTTPClientTransport(new URL(target[0]));
}
const client = new Client({ name: 'matrix-echo-client', version: '1.0.0' }, { capabilities: {}, supportedProtocolVersions: [version] });
await runEchoSession(client, wire);
