// Defect: a tool whose inputSchema is not of type object at its root.
import { startPeer } from './base-peer.mjs';

startPeer({ tools: [{ name: 'scalar', description: 'Takes a bare string.', inputSchema: { type: 'string' } }] });
