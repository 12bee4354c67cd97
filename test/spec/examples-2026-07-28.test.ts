// Why: the specification ships an example of each 2026-07-28 type, each a valid instance of it.
// Every example must pass our validators under the stateless profile: whole messages through a
// session, after a plausible preceding request where they answer or belong to one, and bare types
// through the validator of the matching type. Examples we do not accept are listed with the reason,
// and the list is checked both ways (an entry whose example now passes, or is gone, is stale).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session, type Step } from '../../machines/session.ts';
import { validateClientCapabilities, validateServerCapabilities } from '../../validators/capabilities-shape.ts';
import { validateContentBlock } from '../../validators/content.ts';
import type { JsonObject, MethodValidators, ValidationContext } from '../../validators/context.ts';
import { elicitationMethods } from '../../validators/elicitation.ts';
import { classifyMessage } from '../../validators/envelope.ts';
import type { Finding } from '../../validators/finding.ts';
import { isNotificationMethod, isRequestMethod, methodTable } from '../../validators/methods.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { resourcesMethods } from '../../validators/resources.ts';
import { rootsMethods } from '../../validators/roots.ts';
import { samplingMethods } from '../../validators/sampling.ts';
import { inputRequestsOf, validateInputRequiredResult, validateInputResponses } from '../../validators/modern-input.ts';
import { validateToolDescriptor } from '../../validators/tool-descriptor.ts';
import { listedToolsContext } from '../../machines/tool-catalogue.ts';

const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'spec', 'examples-2026-07-28');

/** Examples we do not accept, by `<Type>/<file>`, each with the reason. */
const NOT_VALIDATED: Readonly<Record<string, string>> = {
  'ReadResourceResultResponse/read-resource-result-response.json':
    'a complete ReadResourceResult without ttlMs and cacheScope, which ReadResourceResult (a CacheableResult) requires; the schema accepts it only through the open InputRequiredResult branch of the response\'s anyOf',
};

const profile = SPEC_2026_07_28;
const table = methodTable(profile);
const TOOLS: readonly JsonObject[] = [
  { name: 'get_weather', inputSchema: { type: 'object', properties: { location: { type: 'string' }, city: { type: 'string' } } } },
  { name: 'build_simulation', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
];
const ctx: ValidationContext = listedToolsContext(profile, new Map(TOOLS.map((t) => [String(t['name']), t])));
const SERVER_CAPABILITIES = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  completions: {},
  logging: {},
};
const ALL_CLIENT_CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: { tools: {}, context: {} }, roots: {} };

function meta(extra: JsonObject = {}): JsonObject {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'ExampleClient', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': ALL_CLIENT_CAPABILITIES,
    ...extra,
  };
}

function isObject(x: unknown): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function validatorsOf(method: string): MethodValidators {
  const v = table.get(method)?.validators;
  assert.ok(v, `${method} is in the 2026-07-28 table`);
  return v;
}

function params(method: string, value: unknown): readonly Finding[] {
  return validatorsOf(method).params?.(value, '/params', ctx) ?? [];
}

function result(method: string, value: unknown, requestParams: unknown = { _meta: meta() }): readonly Finding[] {
  return validatorsOf(method).result?.(value, '/result', requestParams, ctx) ?? [];
}

function family(validators: MethodValidators | undefined): Required<MethodValidators> {
  assert.ok(validators?.params && validators.result);
  return validators as Required<MethodValidators>;
}

const sampling = family(samplingMethods['sampling/createMessage']);
const elicitation = family(elicitationMethods['elicitation/create']);
const roots = family(rootsMethods['roots/list']);

/** Assistant tool_use blocks for every tool_result a message answers, so that its results have their uses. */
function toolUsesFor(message: unknown): JsonObject[] {
  const content = isObject(message) ? message['content'] : undefined;
  const blocks = Array.isArray(content) ? content : [content];
  const ids = blocks.filter((b): b is JsonObject => isObject(b) && b['type'] === 'tool_result').map((b) => b['toolUseId']);
  if (ids.length === 0) return [];
  return [{ role: 'assistant', content: ids.map((id) => ({ type: 'tool_use', id, name: 'get_weather', input: {} })) }];
}

function samplingParams(messages: readonly unknown[], extra: JsonObject = {}): readonly Finding[] {
  return sampling.params({ messages: messages.flatMap((m) => [...toolUsesFor(m), m]), maxTokens: 100, ...extra }, '/params', ctx);
}

function inputRequest(request: unknown): readonly Finding[] {
  return validateInputRequiredResult({ resultType: 'input_required', inputRequests: { key: request } }, '/result', { _meta: meta() }, ctx);
}

function example(type: string, file: string): unknown {
  return JSON.parse(readFileSync(join(EXAMPLES, type, file), 'utf8'));
}

/** Bare types: the validator of the matching type, with what a plausible surrounding message gives. */
const BARE: Readonly<Record<string, (value: unknown) => readonly Finding[]>> = {
  AudioContent: (x) => validateContentBlock(x, '', ctx),
  ImageContent: (x) => validateContentBlock(x, '', ctx),
  TextContent: (x) => validateContentBlock(x, '', ctx),
  EmbeddedResource: (x) => validateContentBlock(x, '', ctx),
  ResourceLink: (x) => validateContentBlock(x, '', ctx),
  ToolUseContent: (x) => sampling.result({ role: 'assistant', content: x, model: 'm', stopReason: 'toolUse' }, '/result', undefined, ctx),
  ToolResultContent: (x) => samplingParams([{ role: 'user', content: x }]),
  SamplingMessage: (x) => samplingParams([x]),
  ModelPreferences: (x) => samplingParams([{ role: 'user', content: { type: 'text', text: 'hi' } }], { modelPreferences: x }),
  CreateMessageRequestParams: (x) => sampling.params(x, '/params', ctx),
  CreateMessageResult: (x) => sampling.result(x, '/result', undefined, ctx),
  ElicitRequestFormParams: (x) => elicitation.params(x, '/params', ctx),
  ElicitRequestURLParams: (x) => elicitation.params(x, '/params', ctx),
  ElicitResult: (x) => elicitation.result(x, '/result', undefined, ctx),
  ListRootsResult: (x) => roots.result(x, '/result', undefined, ctx),
  Root: (x) => roots.result({ roots: [x] }, '/result', undefined, ctx),
  BooleanSchema: (x) => elicitation.params({ message: 'm', requestedSchema: { type: 'object', properties: { field: x } } }, '/params', ctx),
  NumberSchema: (x) => elicitation.params({ message: 'm', requestedSchema: { type: 'object', properties: { field: x } } }, '/params', ctx),
  StringSchema: (x) => elicitation.params({ message: 'm', requestedSchema: { type: 'object', properties: { field: x } } }, '/params', ctx),
  TitledMultiSelectEnumSchema: (x) => elicitation.params({ message: 'm', requestedSchema: { type: 'object', properties: { field: x } } }, '/params', ctx),
  TitledSingleSelectEnumSchema: (x) => elicitation.params({ message: 'm', requestedSchema: { type: 'object', properties: { field: x } } }, '/params', ctx),
  UntitledMultiSelectEnumSchema: (x) => elicitation.params({ message: 'm', requestedSchema: { type: 'object', properties: { field: x } } }, '/params', ctx),
  UntitledSingleSelectEnumSchema: (x) => elicitation.params({ message: 'm', requestedSchema: { type: 'object', properties: { field: x } } }, '/params', ctx),
  CreateMessageRequest: inputRequest,
  ElicitRequest: inputRequest,
  ListRootsRequest: inputRequest,
  InputRequests: (x) => validateInputRequiredResult({ resultType: 'input_required', inputRequests: x }, '/result', { _meta: meta() }, ctx),
  InputResponses: (x) => {
    const requests = inputRequestsOf({ inputRequests: example('InputRequests', 'elicitation-and-sampling-input-requests.json') });
    return validateInputResponses(requests, isObject(x) ? x : undefined, '/params/inputResponses', ctx);
  },
  InputRequiredResult: (x) => result('tools/call', x, { name: 'get_weather', _meta: meta() }),
  ClientCapabilities: (x) => validateClientCapabilities(x, '', ctx),
  ServerCapabilities: (x) => validateServerCapabilities(x, '', ctx),
  Tool: (x) => validateToolDescriptor(x, '', ctx),
  Resource: (x) => resourcesMethods['resources/list']?.result?.({ resources: [x] }, '/result', undefined, ctx) ?? [],
  TextResourceContents: (x) => resourcesMethods['resources/read']?.result?.({ contents: [x] }, '/result', undefined, ctx) ?? [],
  BlobResourceContents: (x) => resourcesMethods['resources/read']?.result?.({ contents: [x] }, '/result', undefined, ctx) ?? [],
  CallToolRequestParams: (x) => params('tools/call', x),
  CompleteRequestParams: (x) => params('completion/complete', x),
  GetPromptRequestParams: (x) => params('prompts/get', x),
  PaginatedRequestParams: (x) => params('tools/list', x),
  CancelledNotificationParams: (x) => params('notifications/cancelled', x),
  LoggingMessageNotificationParams: (x) => params('notifications/message', x),
  ProgressNotificationParams: (x) => params('notifications/progress', x),
  ResourceUpdatedNotificationParams: (x) => params('notifications/resources/updated', { ...(isObject(x) ? x : {}) }),
  CallToolResult: (x) => result('tools/call', x, { name: 'list_users', _meta: meta() }),
  CompleteResult: (x) => result('completion/complete', x),
  DiscoverResult: (x) => result('server/discover', x),
  GetPromptResult: (x) => result('prompts/get', x, { name: 'code_review', _meta: meta() }),
  ListPromptsResult: (x) => result('prompts/list', x),
  ListResourceTemplatesResult: (x) => result('resources/templates/list', x),
  ListResourcesResult: (x) => result('resources/list', x),
  ListToolsResult: (x) => result('tools/list', x),
  ReadResourceResult: (x) => result('resources/read', x, { uri: 'file:///project/src/main.rs', _meta: meta() }),
  SubscriptionsListenResult: (x) => result('subscriptions/listen', x, { notifications: {}, _meta: meta() }),
  ParseError: bareError,
  InternalError: bareError,
  InvalidParamsError: bareError,
  MethodNotFoundError: bareError,
};

function bareError(error: unknown): readonly Finding[] {
  return classifyMessage({ jsonrpc: '2.0', id: 1, error }, '', (m) => isNotificationMethod(m, table), (m) => isRequestMethod(m, table)).findings;
}

/** The method a `<Method>ResultResponse` type answers. */
const RESPONSE_METHODS: Readonly<Record<string, string>> = {
  CallToolResultResponse: 'tools/call',
  CompleteResultResponse: 'completion/complete',
  DiscoverResultResponse: 'server/discover',
  GetPromptResultResponse: 'prompts/get',
  ListPromptsResultResponse: 'prompts/list',
  ListResourceTemplatesResultResponse: 'resources/templates/list',
  ListResourcesResultResponse: 'resources/list',
  ListToolsResultResponse: 'tools/list',
  ReadResourceResultResponse: 'resources/read',
  SubscriptionsListenResultResponse: 'subscriptions/listen',
};

/** Params of a plausible request of `method` that the example's response or notification belongs to. */
function requestParams(method: string, extraMeta: JsonObject = {}): JsonObject {
  const base = { _meta: meta(extraMeta) };
  switch (method) {
    case 'tools/call':
      return { ...base, name: 'get_weather', arguments: { location: 'New York' } };
    case 'prompts/get':
      return { ...base, name: 'code_review', arguments: { code: 'def hello(): pass' } };
    case 'resources/read':
      return { ...base, uri: 'file:///project/src/main.rs' };
    case 'completion/complete':
      return { ...base, ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'language', value: 'py' } };
    case 'subscriptions/listen':
      return { ...base, notifications: { toolsListChanged: true } };
    default:
      return base;
  }
}

function request(id: unknown, method: string, p: JsonObject): Step {
  return { direction: 'client_to_server', message: { jsonrpc: '2.0', id, method, params: p } };
}

/** A listen stream opened and acknowledged for everything `filter` names. */
function listen(id: unknown, filter: JsonObject): Step[] {
  return [
    request(id, 'subscriptions/listen', { _meta: meta(), notifications: filter }),
    {
      direction: 'server_to_client',
      message: { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications: filter } },
    },
  ];
}

const LISTEN_FLAG: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
};

/** The steps before a whole message and the message's own step. */
function messageSteps(type: string, message: JsonObject): { before: Step[]; step: Step } {
  const method = typeof message['method'] === 'string' ? message['method'] : undefined;
  const p = isObject(message['params']) ? message['params'] : {};
  const subscriptionId = isObject(p['_meta']) ? p['_meta']['io.modelcontextprotocol/subscriptionId'] : undefined;
  if (method !== undefined && 'id' in message) return { before: [], step: { direction: 'client_to_server', message } };
  if (method !== undefined) {
    const server = { direction: 'server_to_client' as const, message };
    switch (method) {
      case 'notifications/cancelled':
        return { before: [request(p['requestId'], 'tools/call', requestParams('tools/call'))], step: { direction: 'client_to_server', message } };
      case 'notifications/progress':
        return { before: [request('progress-call', 'tools/call', requestParams('tools/call', { progressToken: p['progressToken'] }))], step: server };
      case 'notifications/message':
        return { before: [request('logging-call', 'tools/call', requestParams('tools/call', { 'io.modelcontextprotocol/logLevel': 'debug' }))], step: server };
      case 'notifications/subscriptions/acknowledged':
        return { before: [request(subscriptionId, 'subscriptions/listen', { _meta: meta(), notifications: p['notifications'] ?? {} })], step: server };
      case 'notifications/resources/updated':
        return { before: listen(subscriptionId, { resourceSubscriptions: [p['uri']] }), step: server };
      default: {
        const flag = LISTEN_FLAG[method];
        return { before: flag ? listen(subscriptionId, { [flag]: true }) : [], step: server };
      }
    }
  }
  const responding = RESPONSE_METHODS[type];
  const error = isObject(message['error']) ? message['error'] : undefined;
  const data = isObject(error?.['data']) ? error['data'] : {};
  const asked = responding ?? 'tools/call';
  // -32022 answers a request in the version it names; -32021 one that declared no capabilities.
  const extra: JsonObject = {
    ...(typeof data['requested'] === 'string' ? { 'io.modelcontextprotocol/protocolVersion': data['requested'] } : {}),
    ...(error?.['code'] === -32021 ? { 'io.modelcontextprotocol/clientCapabilities': {} } : {}),
  };
  // A listen's result closes a subscription, which its acknowledgement opened first (Subscriptions, Graceful Closure).
  if (asked === 'subscriptions/listen' && error === undefined) return { before: listen(message['id'], { toolsListChanged: true }), step: { direction: 'server_to_client', message } };
  return { before: [request(message['id'], asked, requestParams(asked, extra))], step: { direction: 'server_to_client', message } };
}

function playMessage(type: string, message: JsonObject): readonly Finding[] {
  const session = new Session({ profile, tools: TOOLS, capabilities: { client: ALL_CLIENT_CAPABILITIES, server: SERVER_CAPABILITIES } });
  try {
    const { before, step } = messageSteps(type, message);
    for (const [i, s] of before.entries()) {
      const errors = session.feed(s).filter((f) => f.severity === 'error');
      assert.equal(errors, [], `${type}: preceding step ${i} is accepted`);
    }
    return session.feed(step);
  } finally {
    session.stop();
  }
}

function judge(type: string, value: unknown): readonly Finding[] {
  if (isObject(value) && value['jsonrpc'] === '2.0') return playMessage(type, value);
  const validate = BARE[type];
  assert.ok(validate, `${type}: no bare-type validator and not a whole message`);
  return validate(value);
}

function errorsOf(found: readonly Finding[]): string[] {
  return found.filter((f) => f.severity === 'error').map((f) => `${f.rule} ${f.pointer}: ${f.message}`);
}

const present = existsSync(EXAMPLES);
if (!present && process.env['CI']) {
  test('the 2026-07-28 examples are present (CI)', () => {
    assert.unreachable(`missing ${EXAMPLES}`);
  });
} else if (!present) {
  test.skip('the 2026-07-28 examples (folder not present)', () => {});
} else {
  const files = readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(EXAMPLES, d.name)).filter((f) => f.endsWith('.json')).map((f) => ({ type: d.name, file: f })))
    .sort((a, b) => (`${a.type}/${a.file}` < `${b.type}/${b.file}` ? -1 : 1));

  test('the examples folder holds examples', () => {
    assert.ok(files.length > 100, `only ${files.length} examples`);
  });

  for (const { type, file } of files) {
    const name = `${type}/${file}`;
    test(`${name}: ${NOT_VALIDATED[name] ? 'listed as not validated, and still rejected' : 'validates under 2026-07-28'}`, () => {
      const errors = errorsOf(judge(type, example(type, file)));
      if (NOT_VALIDATED[name]) assert.ok(errors.length > 0, `${name} now validates: remove it from NOT_VALIDATED`);
      else assert.equal(errors, [], `${name}:\n${errors.join('\n')}`);
    });
  }

  test('every NOT_VALIDATED entry names an example that exists', () => {
    const names = new Set(files.map((f) => `${f.type}/${f.file}`));
    for (const name of Object.keys(NOT_VALIDATED)) assert.ok(names.has(name), `stale NOT_VALIDATED entry: ${name}`);
  });

  test('every bare-type validator names an example type that exists', () => {
    const types = new Set(files.map((f) => f.type));
    for (const type of Object.keys(BARE)) assert.ok(types.has(type), `stale bare-type entry: ${type}`);
  });
}

test.run();
