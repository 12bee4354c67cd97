// Defect: an input_required result with neither inputRequests nor requestState (InputRequiredResult: schema).
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({ change: { inputRequiredEmpty: true } });
