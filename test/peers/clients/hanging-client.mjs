// A client that connects, initializes, says so on stderr, and then hangs (it answers nothing): for
// check-client's interruption test. Over stdio only (MCP_SERVER_COMMAND).
import { spawn } from 'node:child_process';

const argv = JSON.parse(process.env.MCP_SERVER_COMMAND ?? 'null');
if (!Array.isArray(argv)) throw new Error('MCP_SERVER_COMMAND is not set');
const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'hanging', version: '1' } } })}\n`);
child.stdout.once('data', () => {
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  process.stderr.write('hanging-client: initialized\n');
});
setInterval(() => {}, 1000);
