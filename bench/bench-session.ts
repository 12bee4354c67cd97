import type { TranscriptHeader } from '../transcripts/transcript-header.ts';

/** The protected resource the benchmark's transport contexts name. */
export const BENCH_RESOURCE = 'https://bench.example.test/mcp';

/** The benchmark's two authorization revisions; they grant the same, so switching keeps traffic valid. */
export const BENCH_REVISIONS = ['rev-1', 'rev-2'] as const;

/** A principal of the benchmark policy with its tenant and the resources it may see. */
export interface BenchPrincipal {
  readonly subject: string;
  readonly tenant: string;
  readonly subscribe: boolean;
  /** URIs of this tenant's explicit resources, the first one with a child. */
  readonly uris: readonly string[];
  readonly template: string;
}

/** The principals traffic is generated for. */
export const BENCH_PRINCIPALS: readonly BenchPrincipal[] = [
  { subject: 'ana', tenant: 'tenant-1', subscribe: true, uris: ['kb://tenant-1/guide', 'kb://tenant-1/guide/intro', 'kb://tenant-1/faq'], template: 'kb://tenant-1/docs/{doc_id}' },
  { subject: 'ben', tenant: 'tenant-1', subscribe: false, uris: ['kb://tenant-1/guide', 'kb://tenant-1/guide/intro', 'kb://tenant-1/faq'], template: 'kb://tenant-1/docs/{doc_id}' },
  { subject: 'cai', tenant: 'tenant-2', subscribe: true, uris: ['kb://tenant-2/notes', 'kb://tenant-2/notes/today'], template: 'kb://tenant-2/docs/{doc_id}' },
];

/** The one tool the benchmark server offers. */
export const BENCH_TOOL = {
  name: 'convert_length',
  description: 'Convert a length between metric and imperial units.',
  inputSchema: {
    type: 'object',
    properties: { value: { type: 'number' }, unit: { type: 'string', enum: ['m', 'ft'] } },
    required: ['value', 'unit'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { value: { type: 'number' }, unit: { type: 'string', enum: ['m', 'ft'] } },
    required: ['value', 'unit'],
    additionalProperties: false,
  },
} as const;

/** What the benchmark client declares in initialize. */
export const BENCH_CLIENT = {
  info: { name: 'bench-client', version: '1.0.0' },
  capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} }, tasks: { list: {} } },
} as const;

/** What the benchmark server declares in its initialize result. */
export const BENCH_SERVER = {
  info: { name: 'bench-server', version: '1.0.0' },
  capabilities: {
    resources: { subscribe: true, listChanged: true },
    tools: { listChanged: true },
    tasks: { list: {} },
  },
} as const;

function revision() {
  const principals = Object.fromEntries(BENCH_PRINCIPALS.map((p) => [p.subject, {
    tenant: p.tenant,
    scopes: p.subscribe ? ['resources:list', 'resources:read', 'resources:subscribe'] : ['resources:list', 'resources:read'],
  }]));
  return {
    principals,
    resources: [
      { uri: 'kb://tenant-1/guide', tenant: 'tenant-1', children: ['kb://tenant-1/guide/intro'] },
      { uri: 'kb://tenant-1/guide/intro', tenant: 'tenant-1' },
      { uri: 'kb://tenant-1/faq', tenant: 'tenant-1' },
      { uri: 'kb://tenant-2/notes', tenant: 'tenant-2', children: ['kb://tenant-2/notes/today'] },
      { uri: 'kb://tenant-2/notes/today', tenant: 'tenant-2' },
    ],
    resourceTemplates: BENCH_PRINCIPALS.filter((p, i, all) => all.findIndex((q) => q.template === p.template) === i)
      .map((p) => ({ uriTemplate: p.template, tenant: p.tenant })),
  };
}

/** The transcript header of generated traffic: course profile (unless told), the policy, defaults and the tool. */
export function benchHeader(profile: 'course' | '2025-11-25' = 'course'): TranscriptHeader {
  return {
    mcp_statechart_transcript: 1,
    description: 'Generated benchmark traffic (bench/generate.ts).',
    profile,
    protocol_version: '2025-11-25',
    authorization: {
      protected_resource: BENCH_RESOURCE,
      initial_revision: BENCH_REVISIONS[0],
      revisions: { [BENCH_REVISIONS[0]]: revision(), [BENCH_REVISIONS[1]]: revision() },
    },
    transport_context_defaults: { transport: 'streamable_http', token_active: true, token_audience: BENCH_RESOURCE, resource: BENCH_RESOURCE },
    tools: [structuredClone(BENCH_TOOL) as Record<string, unknown>],
  };
}
