// Defect: the tools/list result has no resultType ("A result carries resultType": stateless/result-type, MUST).
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({ change: { noResultType: true } });
