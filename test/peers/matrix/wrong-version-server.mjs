// Why: the matrix must report a cell whose server breaks the handshake. This is the matrix's 1.x
// echo server (latest SDK) with one defect: its initialize result names a protocol version that
// no revision has (2024-01-01), whatever the client offered.
// Usage: node wrong-version-server.mjs stdio|http
import { Server } from '@modelcontextprotocol/sdk/server/index.js';

const initialize = Server.prototype._oninitialize;
Server.prototype._oninitialize = async function (request) {
  return { ...(await initialize.call(this, request)), protocolVersion: '2024-01-01' };
};
process.argv.splice(2, 0, '@modelcontextprotocol/sdk');
await import('../../../matrix/peers/sdk-v1-echo-server.mjs');
