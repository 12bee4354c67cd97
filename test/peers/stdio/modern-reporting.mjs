// Why: the modern test peer (modern-core.mjs) with the tools that report and notify: echo (progress
// under the request's progressToken, a log at the level its _meta set), confirm and the read-only
// lookup (input_required, the retry verified against the requestState issued), and reveal (the tool
// list changes: every open listen stream that asked is told); it declares logging. Without arguments it is correct; each
// argument names one change of the core (a defect), e.g. `progressWrongToken`, so a finding can
// only come from that defect.
import { CAPABILITIES, CONFIRM_TOOL, ECHO_TOOL, LOOKUP_TOOL, REVEAL_TOOL } from './modern-core.mjs';
import { startModernPeer } from './modern-peer.mjs';

const change = Object.fromEntries(process.argv.slice(2).map((name) => (name.includes('=') ? name.split('=', 2) : [name, true])));
startModernPeer({ capabilities: { ...CAPABILITIES, logging: {} }, tools: [ECHO_TOOL, CONFIRM_TOOL, LOOKUP_TOOL, REVEAL_TOOL], change });
