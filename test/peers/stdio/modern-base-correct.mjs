// Not a defect: the correct 2026-07-28 peer as it is.
import { startModernPeer } from './modern-base.mjs';

startModernPeer();
