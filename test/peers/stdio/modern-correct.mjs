// Not a defect: a correct server of the stateless revision (2026-07-28) over stdio.
import { startModernPeer } from './modern-peer.mjs';

startModernPeer();
