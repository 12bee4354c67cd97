// A correct server that offers no tools: it declares only the logging capability.
import { startPeer } from './base-peer.mjs';

startPeer({ capabilities: { logging: {} }, tools: [] });
