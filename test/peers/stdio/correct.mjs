// A correct server: tools, ping, -32601 for an unknown method, -32602 for an invalid cursor.
import { startPeer } from './base-peer.mjs';

startPeer();
