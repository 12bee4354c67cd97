// Defect: never answers tools/list.
import { startPeer } from './base-peer.mjs';

startPeer({ answer: (message) => message.method === 'tools/list' });
