// Why: the SDK cross-check compares, type by type, the official TypeScript SDK's zod schema with
// our validator of the same params or result under the 2025-11-25 specification profile. This
// names each compared type with a valid seed, the SDK's verdict and ours (shape rules only, as the
// schema cross-check keeps them: support/rule-kinds.ts).
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
  GetPromptResultSchema,
  InitializeRequestSchema,
  InitializeResultSchema,
  ListResourcesResultSchema,
  ListToolsResultSchema,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject, ValidationContext } from '../../../validators/context.ts';
import type { Finding } from '../../../validators/finding.ts';
import { methodTable } from '../../../validators/methods.ts';
import { SPEC_2025_11_25 } from '../../../validators/profiles.ts';
import { ruleKind } from './rule-kinds.ts';
import { listedToolsContext } from '../../../machines/tool-catalogue.ts';

/** One compared type: a request's params or a result, with a valid seed. */
export interface Subject {
  /** `<method> params` or `<method> result`. */
  readonly name: string;
  readonly method: string;
  readonly part: 'params' | 'result';
  readonly seed: JsonObject;
  /** For a result: the params of the request it answers. */
  readonly requestParams?: JsonObject;
  /** The SDK's verdict on a value in place of the seed. */
  sdk(value: unknown): boolean;
}

const TOOL = {
  name: 'convert_currency',
  title: 'Convert currency',
  description: 'Convert an amount in minor units.',
  inputSchema: {
    type: 'object',
    properties: { amount: { type: 'integer', minimum: 0 }, to: { type: 'string', enum: ['USD', 'EUR'] } },
    required: ['amount'],
  },
  outputSchema: { type: 'object', properties: { cents: { type: 'integer' } } },
  annotations: { title: 'Convert', readOnlyHint: true, idempotentHint: true },
  execution: { taskSupport: 'optional' },
  icons: [{ src: 'https://example.com/convert.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' }],
  _meta: { 'example.com/tag': 'finance' },
};

const ICON = { src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'dark' };
const ANNOTATIONS = { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2026-03-01T10:00:00Z' };
const SAMPLING_REQUEST = { messages: [{ role: 'user', content: { type: 'text', text: 'Rate?' } }], maxTokens: 100 };

function params(method: string, schema: { safeParse(x: unknown): { success: boolean } }) {
  return (value: unknown): boolean => schema.safeParse({ method, params: value }).success;
}

function result(schema: { safeParse(x: unknown): { success: boolean } }) {
  return (value: unknown): boolean => schema.safeParse(value).success;
}

/** The compared types. */
export const SUBJECTS: readonly Subject[] = [
  {
    name: 'initialize params',
    method: 'initialize',
    part: 'params',
    seed: {
      protocolVersion: '2025-11-25',
      capabilities: {
        roots: { listChanged: true },
        sampling: { context: {}, tools: {} },
        elicitation: { form: {}, url: {} },
        tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
        experimental: { 'example.com/feature': {} },
      },
      clientInfo: {
        name: 'ledger-desk',
        title: 'Ledger Desk',
        version: '0.3.0',
        description: 'A desk for ledgers.',
        websiteUrl: 'https://example.com/desk',
        icons: [ICON],
      },
      _meta: { progressToken: 'init-1' },
    },
    sdk: params('initialize', InitializeRequestSchema),
  },
  {
    name: 'initialize result',
    method: 'initialize',
    part: 'result',
    seed: {
      protocolVersion: '2025-11-25',
      capabilities: {
        logging: {},
        completions: {},
        prompts: { listChanged: true },
        resources: { subscribe: true, listChanged: false },
        tools: { listChanged: true },
        tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
        experimental: { 'example.com/feature': {} },
      },
      serverInfo: { name: 'notes', title: 'Notes', version: '1.0.0', icons: [ICON] },
      instructions: 'Read before writing.',
      _meta: { 'example.com/trace': 'abc' },
    },
    requestParams: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    sdk: result(InitializeResultSchema),
  },
  {
    name: 'tools/list result',
    method: 'tools/list',
    part: 'result',
    seed: { tools: [TOOL], nextCursor: 'page-2', _meta: { 'example.com/trace': 'abc' } },
    sdk: result(ListToolsResultSchema),
  },
  {
    name: 'tools/call params',
    method: 'tools/call',
    part: 'params',
    seed: { name: 'convert_currency', arguments: { amount: 5, to: 'USD' }, task: { ttl: 60000 }, _meta: { progressToken: 7 } },
    sdk: params('tools/call', CallToolRequestSchema),
  },
  {
    name: 'tools/call result',
    method: 'tools/call',
    part: 'result',
    seed: {
      content: [
        { type: 'text', text: '{"cents": 540}', annotations: ANNOTATIONS },
        { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
        { type: 'audio', data: 'aGVsbG8=', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///notes/a.md', name: 'a', mimeType: 'text/markdown', size: 3 },
        { type: 'resource', resource: { uri: 'file:///notes/b.md', mimeType: 'text/markdown', text: '# B' } },
      ],
      structuredContent: { cents: 540 },
      isError: false,
    },
    requestParams: { name: 'convert_currency', arguments: { amount: 5 } },
    sdk: result(CallToolResultSchema),
  },
  {
    name: 'resources/list result',
    method: 'resources/list',
    part: 'result',
    seed: {
      resources: [{
        uri: 'file:///notes/a.md',
        name: 'a',
        title: 'Note A',
        description: 'The first note.',
        mimeType: 'text/markdown',
        size: 12,
        annotations: ANNOTATIONS,
        icons: [ICON],
        _meta: { 'example.com/tag': 'x' },
      }],
      nextCursor: 'page-2',
    },
    sdk: result(ListResourcesResultSchema),
  },
  {
    name: 'resources/read result',
    method: 'resources/read',
    part: 'result',
    seed: {
      contents: [
        { uri: 'file:///notes/a.md', mimeType: 'text/markdown', text: '# A', _meta: { 'example.com/tag': 'x' } },
        { uri: 'file:///notes/a.md', mimeType: 'application/octet-stream', blob: 'aGVsbG8=' },
      ],
      _meta: { 'example.com/trace': 'abc' },
    },
    requestParams: { uri: 'file:///notes/a.md' },
    sdk: result(ReadResourceResultSchema),
  },
  {
    name: 'prompts/get result',
    method: 'prompts/get',
    part: 'result',
    seed: {
      description: 'Review a note.',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Review this note.' } },
        { role: 'assistant', content: { type: 'resource', resource: { uri: 'file:///notes/a.md', text: '# A' } } },
      ],
    },
    requestParams: { name: 'review' },
    sdk: result(GetPromptResultSchema),
  },
  {
    name: 'sampling/createMessage params',
    method: 'sampling/createMessage',
    part: 'params',
    seed: {
      messages: [
        { role: 'user', content: { type: 'text', text: 'Rate?' } },
        { role: 'assistant', content: [{ type: 'text', text: 'Which currency?' }] },
        { role: 'user', content: { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' } },
      ],
      modelPreferences: { hints: [{ name: 'small' }], costPriority: 0.3, speedPriority: 0.5, intelligencePriority: 0.8 },
      systemPrompt: 'Be brief.',
      includeContext: 'none',
      temperature: 0.7,
      maxTokens: 100,
      stopSequences: ['END'],
      metadata: { 'example.com/run': 1 },
    },
    sdk: params('sampling/createMessage', CreateMessageRequestSchema),
  },
  {
    name: 'sampling/createMessage result',
    method: 'sampling/createMessage',
    part: 'result',
    seed: { role: 'assistant', content: { type: 'text', text: 'USD.' }, model: 'small-1', stopReason: 'endTurn' },
    requestParams: SAMPLING_REQUEST,
    sdk: result(CreateMessageResultSchema),
  },
  {
    name: 'elicitation/create params (form)',
    method: 'elicitation/create',
    part: 'params',
    seed: {
      mode: 'form',
      message: 'About you',
      requestedSchema: {
        type: 'object',
        properties: {
          nickname: { type: 'string', title: 'Nickname', minLength: 2, maxLength: 12 },
          email: { type: 'string', format: 'email' },
          age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
          subscribe: { type: 'boolean', default: false },
          size: { type: 'string', enum: ['s', 'm'], default: 's' },
          colour: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] },
          tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, minItems: 1, maxItems: 2 },
        },
        required: ['nickname'],
      },
    },
    sdk: params('elicitation/create', ElicitRequestSchema),
  },
  {
    name: 'elicitation/create params (url)',
    method: 'elicitation/create',
    part: 'params',
    seed: { mode: 'url', message: 'Link your account.', url: 'https://example.com/link', elicitationId: 'link-1' },
    sdk: params('elicitation/create', ElicitRequestSchema),
  },
  {
    name: 'elicitation/create result',
    method: 'elicitation/create',
    part: 'result',
    seed: { action: 'accept', content: { nickname: 'Al', age: 30, subscribe: true, tags: ['x'] } },
    requestParams: {
      message: 'About you',
      requestedSchema: {
        type: 'object',
        properties: {
          nickname: { type: 'string' },
          age: { type: 'integer' },
          subscribe: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
        },
      },
    },
    sdk: result(ElicitResultSchema),
  },
];

const profile = SPEC_2025_11_25;
const ctx: ValidationContext = listedToolsContext(profile, new Map([[TOOL.name, TOOL as JsonObject]]));
const table = methodTable(profile);

/** Our error findings of shape rules on `value` in place of the subject's seed, under the 2025-11-25 profile. */
export function ourFindings(subject: Subject, value: unknown): Finding[] {
  const validators = table.get(subject.method)?.validators;
  const found = subject.part === 'params'
    ? validators?.params?.(value, '/params', ctx) ?? []
    : validators?.result?.(value, '/result', subject.requestParams, ctx) ?? [];
  return found.filter((f) => f.severity === 'error' && ruleKind(f.rule) === 'shape');
}
