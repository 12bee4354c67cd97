import type { Severity } from '../finding.ts';

/**
 * What a rule rests on, and so how severe it may be. An error rests on a requirement: `MUST`,
 * `MUST NOT`, `REQUIRED` (the specification's keywords, RFC 2119), `schema` (the revision's JSON
 * schema), `JSON-RPC` (a JSON-RPC 2.0 requirement), `RFC` (a MUST of an RFC the specification
 * names: JSON, URI, base64, media types). A warning rests on `SHOULD` or `SHOULD NOT`, or is a
 * `probe` (a robustness probe reporting how a server copes with a client act the specification
 * forbids). `tool` marks the tool's own rules (its command line, its file formats, its limits),
 * which say nothing about a peer, and `course` the course profile's own strictness.
 */
export type Keyword = 'MUST' | 'MUST NOT' | 'REQUIRED' | 'schema' | 'JSON-RPC' | 'RFC' | 'SHOULD' | 'SHOULD NOT' | 'probe' | 'tool' | 'course';

/** The keywords an error may rest on (every other keyword's rules are warnings). */
export const ERROR_KEYWORDS: readonly Keyword[] = ['MUST', 'MUST NOT', 'REQUIRED', 'schema', 'JSON-RPC', 'RFC', 'tool', 'course'];

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
  course: 'offline-mcp-teaching-profile-v2',
} as const;

/** A rule as written in an area file: its text, and a severity or link when not the defaults. */
export interface RuleEntry {
  readonly text: string;
  readonly keyword: Keyword;
  readonly severity?: Severity;
  readonly spec?: string;
}

/** Declares an area's rules as data; the `error` severity is the default, the keyword is always given. */
export function defineRules<const K extends string>(
  area: string,
  spec: string,
  rules: Record<K, RuleEntry>,
): Record<K, RuleSpec> {
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
  return out;
}
