import type { Severity } from '../finding.ts';

/** A rule: what a finding cites. Ids never change once published. */
export interface RuleSpec {
  readonly id: string;
  readonly severity: Severity;
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
  readonly severity?: Severity;
  readonly spec?: string;
}

/** An area's rules by slug, each carrying its full id as a literal type. */
export type AreaRules<A extends string, K extends string> = { readonly [S in K]: RuleSpec & { readonly id: `${A}/${S}` } };

/** Declares an area's rules as data; the `error` severity is the default. */
export function defineRules<const A extends string, const K extends string>(
  area: A,
  spec: string,
  rules: Record<K, string | RuleEntry>,
): AreaRules<A, K> {
  const out = {} as Record<K, RuleSpec>;
  for (const slug of Object.keys(rules) as K[]) {
    const r = rules[slug];
    const entry: RuleEntry = typeof r === 'string' ? { text: r } : r;
    out[slug] = {
      id: `${area}/${slug}`,
      severity: entry.severity ?? 'error',
      spec: entry.spec ?? spec,
      text: entry.text,
    };
  }
  return out as AreaRules<A, K>;
}
