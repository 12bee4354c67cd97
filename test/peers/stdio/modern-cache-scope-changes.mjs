// Defect (2026-07-28, caching, Interaction with Pagination: "Servers MUST apply the same cacheScope
// to all response pages for a given list request"): the second page of tools/list is "private"
// while the first was "public".
import { startModernPeer } from './modern-base.mjs';

startModernPeer({ page: (page, cursor) => (cursor === undefined ? page : { ...page, cacheScope: 'private' }) });
