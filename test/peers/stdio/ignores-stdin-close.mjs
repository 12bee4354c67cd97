// A server that keeps running after its stdin closes and ignores SIGTERM: only SIGKILL ends it.
import { startPeer } from './base-peer.mjs';

process.on('SIGTERM', () => {});
setInterval(() => {}, 1000);
startPeer({ exitOnClose: false });
