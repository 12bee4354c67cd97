// Why: the matrix needs a client made the way users of the 1.x SDK make one (Client, the SDK's own
// stdio and Streamable HTTP client transports) that runs one short echo session: initialize, ping,
// tools/list, tools/call, close. The 1.x Client always offers its latest revision; to hold a
// session at an older one, the initialize request's protocolVersion is set on its way out (the SDK
// then checks the answer and behaves as it does at that revision).
// Usage: node sdk-v1-echo-client.mjs SDK VERSION stdio CMD [ARGS...] | ... SDK VERSION http URL
import { runEchoSession } from './echo-session.mjs';

/** The 1.x SDK packages this peer may load. */
const PACKAGES = ['@modelcontextprotocol/sdk', 'sdk-1-older'];

const [sdk, version, transport, ...target] = process.argv.slice(2);
if (!PACKAGES.includes(sdk) || version === undefined || (transport !== 'stdio' && transport !== 'http') || target.length === 0) {
  process.stderr.write(`usage: sdk-v1-echo-client.mjs ${PACKAGES.join('|')} VERSION stdio CMD [ARGS...] | http URL\n`);
  process.exit(2);
}
const { Client } = await import(`${sdk}/client/index.js`);
let wire;
if (transport === 'stdio') {
  const { StdioClientTransport } = await import(`${sdk}/client/stdio.js`);
  wire = new StdioClientTransport({ command: target[0], args: target.slice(1), stderr: 'inherit' });
} else {
  const { StreamableHTTPClientTransport } = await import(`${sdk}/client/streamableHttp.js`);
  wire = new StreamableHTTPClientTransport(new URL(target[0]));
}
const send = wire.send.bind(wire);
wire.send = (message, options) => {
  if (message.method === 'initialize') message = { ...message, params: { ...message.params, protocolVersion: version } };
  return send(message, options);
};
const client = new Client({ name: 'matrix-echo-client', version: '1.0.0' }, { capabilities: {} });
await runEchoSession(client, wire);
