// Defect (of size): a tools/list answer on one line longer than the 2,000,000-byte message limit.
import { ECHO_TOOL, startPeer } from './base-peer.mjs';

startPeer({ tools: [{ ...ECHO_TOOL, description: 'x'.repeat(2_100_000) }] });
