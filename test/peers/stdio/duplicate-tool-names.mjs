// Defect: two tools with the same name in one tools/list result.
import { ECHO_TOOL, startPeer } from './base-peer.mjs';

startPeer({ tools: [ECHO_TOOL, { ...ECHO_TOOL, description: 'Another echo.' }] });
