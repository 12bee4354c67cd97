// Defect: the second page of tools/list lacks ttlMs (CacheableResult requires ttlMs and cacheScope: schema).
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({ change: { secondPageWithoutTtl: true } });
