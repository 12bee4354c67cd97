// Defect: logs to stdout, which is the wire.
import { startPeer } from './base-peer.mjs';

process.stdout.write('Server listening on stdio\n');
startPeer();
