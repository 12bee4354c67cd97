// Why: the yardstick for `check --stdio`: the official SDK's own client doing the least a client
// does (initialize, ping, tools/list, close) against the same server, as one whole process, so
// that the benchmark compares what a user waits for. Usage: node live-sdk-client.mjs CMD [ARGS...]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'bench-sdk-client', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'pipe' }));
await client.ping();
await client.listTools();
await client.close();
