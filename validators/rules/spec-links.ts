import type { RuleSpec } from './rule.ts';

/** The specification revisions whose pages a rule can link. */
export const SPEC_REVISIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;

/** One specification revision. */
export type SpecRevision = (typeof SPEC_REVISIONS)[number];

const BASE = 'https://modelcontextprotocol.io/specification/';
/** Rules are written against this revision's pages. */
const WRITTEN = '2025-11-25';

/**
 * Where a page written against 2025-11-25 lives in another revision: a path, or null when that
 * revision has no such page (the rule then keeps its 2025-11-25 link; never so for 2026-07-28). Pages not listed keep
 * their path. A moved page loses its fragment: its headings are not the same.
 */
const MOVED: Readonly<Record<SpecRevision, Readonly<Record<string, string | null>>>> = {
  '2025-06-18': { 'basic/utilities/tasks': null },
  '2025-11-25': {},
  // 2026-07-28 has no lifecycle page (no handshake): its version negotiation and the era of a
  // server are the versioning page's, its timeouts the cancellation page's (MOVED_LINES). Tasks
  // left the core protocol for an extension, which the changelog records.
  '2026-07-28': {
    'basic/lifecycle': 'basic/versioning',
    'basic/utilities/tasks': 'changelog#major-changes',
    'basic/utilities/ping': 'changelog#major-changes',
    'basic/transports': 'basic/transports/streamable-http',
    'basic/utilities/cancellation': 'basic/patterns/cancellation',
    'basic/utilities/progress': 'basic/patterns/progress',
  },
};

/** A page and fragment written against 2025-11-25 whose line another revision keeps elsewhere. */
const MOVED_LINES: Readonly<Record<SpecRevision, Readonly<Record<string, string>>>> = {
  '2025-06-18': {},
  '2025-11-25': {},
  '2026-07-28': { 'basic/lifecycle#timeouts': 'basic/patterns/cancellation#timeouts' },
};

/**
 * Revisions whose session is judged on their own pages alone: a line their page lacks links that
 * page (without the fragment), never an older revision's page.
 */
const OWN_PAGES_ONLY: ReadonlySet<SpecRevision> = new Set(['2026-07-28']);

/**
 * Fragments (a heading, a quoted line) a revision's page lacks: the rule rests on a line that
 * revision does not have, so it keeps its 2025-11-25 link, where the line is.
 */
const ABSENT_FRAGMENTS: Readonly<Record<SpecRevision, readonly string[]>> = {
  '2025-06-18': [
    '#json-schema-usage',
    '#security-warning:~:text=respond%20with%20HTTP%20403%20Forbidden',
    '#session-management:~:text=If%20an%20MCP%2DSession%2DId%20is%20returned%20by%20the%20server%20during%20initialization',
    '#sending-messages-to-the-server:~:text=immediately%20send%20an%20SSE%20event%20consisting%20of%20an%20event',
    '#sending-messages-to-the-server:~:text=SHOULD%20eventually%20include%20a%20JSON%2DRPC%20response',
    '#tool-names:~:text=Tool%20names%20SHOULD%20be%20unique%20within%20a%20server',
    '#error-handling:~:text=a%20mode%20not%20declared%20in%20client%20capabilities',
    // 2025-06-18 spells the header Mcp-Session-Id in this line (the requirement is the same).
    '#session-management:~:text=MUST%20include%20it%20in%20the%20MCP%2DSession%2DId%20header%20on%20all%20of%20their%20subsequent%20HTTP%20requests',
  ],
  '2025-11-25': [],
  '2026-07-28': [
    // 2026-07-28 forbids only an id still outstanding; the never-reused line is 2025-11-25's.
    '#requests:~:text=The%20request%20ID%20MUST%20NOT%20have%20been%20previously%20used',
    // Elicitation is an input request there: no server request whose mode a client could refuse.
    '#error-handling:~:text=a%20mode%20not%20declared%20in%20client%20capabilities',
    // Roots are an input request there: no roots/list a client without roots could refuse.
    '#error-handling:~:text=Clients%20SHOULD%20return%20standard%20JSON%2DRPC%20errors',
  ],
};

/** Whether `value` names a specification revision. */
export function isSpecRevision(value: string | null | undefined): value is SpecRevision {
  return (SPEC_REVISIONS as readonly (string | null | undefined)[]).includes(value);
}

/**
 * The link of `rule` into the pages of `revision`, the revision being judged: the same page of
 * that revision where it has one, else the link as written. Links outside the MCP specification
 * (JSON-RPC, RFCs, the course, these docs) are the same for every revision.
 */
export function specLinkFor(rule: Pick<RuleSpec, 'spec'>, revision: string | null | undefined): string {
  const prefix = `${BASE}${WRITTEN}/`;
  if (!isSpecRevision(revision) || revision === WRITTEN || !rule.spec.startsWith(prefix)) return rule.spec;
  const rest = rule.spec.slice(prefix.length);
  const cut = rest.search(/[#?]/);
  const page = cut < 0 ? rest : rest.slice(0, cut);
  const fragment = cut < 0 ? '' : rest.slice(cut);
  const line = MOVED_LINES[revision][`${page}${fragment}`];
  if (line !== undefined) return `${BASE}${revision}/${line}`;
  const moved = MOVED[revision][page];
  if (moved === null) return rule.spec;
  if (moved !== undefined) return `${BASE}${revision}/${moved}`;
  if (fragment !== '' && ABSENT_FRAGMENTS[revision].includes(fragment)) return OWN_PAGES_ONLY.has(revision) ? `${BASE}${revision}/${page}` : rule.spec;
  return `${BASE}${revision}/${page}${fragment}`;
}
