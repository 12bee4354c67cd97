import type { Severity } from '../finding.ts';

/**
 * What a rule rests on, and so how severe it may be. An error rests on a requirement: `MUST`,
 * `MUST NOT`, `REQUIRED` (the specification's keywords, RFC 2119), `schema` (the revision's JSON
 * schema), `JSON-RPC` (a JSON-RPC 2.0 requirement), `RFC` (a MUST of an RFC the specification
 * names: JSON, URI, base64, media types). A warning rests on `SHOULD` or `SHOULD NOT`, or is a
 * `probe` (a robustness probe reporting how a server copes with a client act the specification
 * forbids). `tool` marks the tool's own rules (its command line, its file formats, its limits),
 * which say nothing about a peer, `course` the course profile's own strictness, and `expectation`
 * the user's own expectation of a server (a scenario file's `expect`), which no specification states.
 */
export type Keyword = 'MUST' | 'MUST NOT' | 'REQUIRED' | 'schema' | 'JSON-RPC' | 'RFC' | 'SHOULD' | 'SHOULD NOT' | 'probe' | 'tool' | 'course' | 'expectation';

/** The keywords an error may rest on (every other keyword's rules are warnings). */
export const ERROR_KEYWORDS: readonly Keyword[] = ['MUST', 'MUST NOT', 'REQUIRED', 'schema', 'JSON-RPC', 'RFC', 'tool', 'course', 'expectation'];

/** A rule: what a finding cites. Ids never change once published. */
export interface RuleSpec {
  readonly id: string;
  readonly severity: Severity;
  /** The requirement the rule rests on, which bounds its severity. */
  readonly keyword: Keyword;
  /** Link into the specification (or the course profile) that the rule enforces. */
  readonly spec: string;
  /** One line saying what the rule requires. */
  readonly text: string;
}

/** The course's project page, which defines offline-mcp-teaching-profile-v2 (at the revision read). */
const COURSE_PAGE =
  'https://github.com/gaos6e/AI-Agent-Engineer/blob/7be578856c8a1c729d89f2a29a1e10cec082884a/docs-EN/mcp/learning-path/06-project-offline-mcp-message-validation.md';

/** Specification base links, so rule files stay short. */
export const SPEC = {
  basic: 'https://modelcontextprotocol.io/specification/2025-11-25/basic',
  lifecycle: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle',
  transports: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports',
  authorization: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization',
  schema: 'https://modelcontextprotocol.io/specification/2025-11-25/schema',
  tools: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools',
  resources: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources',
  prompts: 'https://modelcontextprotocol.io/specification/2025-11-25/server/prompts',
  roots: 'https://modelcontextprotocol.io/specification/2025-11-25/client/roots',
  sampling: 'https://modelcontextprotocol.io/specification/2025-11-25/client/sampling',
  elicitation: 'https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation',
  tasks: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks',
  pagination: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination',
  logging: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging',
  completion: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion',
  jsonrpc: 'https://www.jsonrpc.org/specification',
  json: 'https://www.rfc-editor.org/rfc/rfc8259',
  uri: 'https://www.rfc-editor.org/rfc/rfc3986',
  uriTemplate: 'https://www.rfc-editor.org/rfc/rfc6570',
  base64: 'https://www.rfc-editor.org/rfc/rfc4648#section-4',
  resourceIndicator: 'https://www.rfc-editor.org/rfc/rfc8707',
  course: COURSE_PAGE,
} as const;

/** The sections of the course's project page that its profile's own rules rest on. */
export const COURSE = {
  strictJson: `${COURSE_PAGE}#1-strict-json`,
  envelope: `${COURSE_PAGE}#2-json-rpc-envelope`,
  initialize: `${COURSE_PAGE}#3-initialize-state-machine`,
  resources: `${COURSE_PAGE}#5-resources-contract-and-subscription-state`,
  authorization: `${COURSE_PAGE}#6-out-of-wire-authorization-snapshot-and-revocation`,
  tools: `${COURSE_PAGE}#7-tool-contract`,
  clientFeatures: `${COURSE_PAGE}#8-client-features-and-tasks`,
} as const;

/** A rule as written in an area file: its text, and a severity or link when not the defaults. */
export interface RuleEntry {
  readonly text: string;
  readonly keyword: Keyword;
  readonly severity?: Severity;
  readonly spec?: string;
}

/** An area's rules by slug, each carrying its full id as a literal type. */
export type AreaRules<A extends string, K extends string> = { readonly [S in K]: RuleSpec & { readonly id: `${A}/${S}` } };

/** Declares an area's rules as data; the `error` severity is the default, the keyword is always given. */
export function defineRules<const A extends string, const K extends string>(
  area: A,
  spec: string,
  rules: Record<K, RuleEntry>,
): AreaRules<A, K> {
  const out = {} as Record<K, RuleSpec>;
  for (const slug of Object.keys(rules) as K[]) {
    const entry = rules[slug];
    out[slug] = {
      id: `${area}/${slug}`,
      severity: entry.severity ?? 'error',
      keyword: entry.keyword,
      spec: entry.spec ?? spec,
      text: entry.text,
    };
  }
  return out as AreaRules<A, K>;
}
