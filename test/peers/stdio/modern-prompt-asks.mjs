// Not a defect: the correct 2026-07-28 peer, whose prompt asks for input first: prompts/get answers
// input_required with a requestState (no input requests: the client declares no capability), and
// the retry that echoes the state gets the prompt; a state it did not issue is refused with -32602.
import { startModernPeer } from './modern-peer.mjs';
import { promptAsks } from './modern-prompt-state.mjs';

startModernPeer({ answer: promptAsks() });
