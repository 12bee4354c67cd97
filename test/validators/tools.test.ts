import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonObject, ValidationContext } from '../../validators/context.ts';
import type { Finding } from '../../validators/finding.ts';
import { COURSE_PROFILE } from '../../validators/profiles.ts';
import { validateToolDescriptor } from '../../validators/tool-descriptor.ts';
import { toolsMethods } from '../../validators/tools.ts';
import { pairs } from './support.ts';
import { listedToolsContext } from '../../machines/tool-catalogue.ts';

const FORECAST: JsonObject = {
  name: 'get_forecast',
  title: 'Forecast',
  description: 'Offline sample forecast.',
  inputSchema: {
    type: 'object',
    properties: {
      place: { type: 'string', minLength: 1 },
      days: { type: 'integer', minimum: 1, maximum: 7 },
    },
    required: ['place'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { high: { type: 'number' }, sky: { type: 'string', enum: ['clear', 'cloudy'] } },
    required: ['high', 'sky'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  execution: { taskSupport: 'optional' },
  icons: [{ src: 'https://example.com/f.png', mimeType: 'image/png' }],
};
const PLAIN: JsonObject = { name: 'echo', description: 'Echo.', inputSchema: { type: 'object' } };
const BATCH: JsonObject = { name: 'batch.run', description: 'Run a batch.', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } };

function context(strict: boolean): ValidationContext {
  return listedToolsContext(
    strict
      ? COURSE_PROFILE
      : {
          ...COURSE_PROFILE,
          id: '2025-11-25',
          strict: false,
          limits: { itemBytes: null, readBytes: null, contentItems: null, listItems: null, cursorLength: null },
        },
    new Map([FORECAST, PLAIN, BATCH].map((t) => [t['name'] as string, t])),
  );
}
const ctx = context(true);
const loose = context(false);
const P = '/message/params';
const R = '/message/result';
const list = toolsMethods['tools/list'];
const call = toolsMethods['tools/call'];

function params(p: unknown, c = ctx): string[] {
  return pairs(call?.params?.(p, P, c) ?? []);
}

function result(r: unknown, requestParams: unknown, c = ctx): readonly Finding[] {
  return call?.result?.(r, R, requestParams, c) ?? [];
}

test('tool descriptors: valid ones are accepted', () => {
  for (const t of [FORECAST, PLAIN, BATCH]) assert.equal(pairs(validateToolDescriptor(t, '/tool', ctx)), [], String(t['name']));
});

const DESCRIPTOR_CASES: ReadonlyArray<{ name: string; tool: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'missing inputSchema', tool: { name: 'x', description: 'X.' }, expected: ['tools/descriptor /tool/inputSchema'] },
  { name: 'unknown key', tool: { ...PLAIN, version: 2 }, expected: ['tools/descriptor /tool/version'] },
  { name: 'unknown key outside strict profiles', tool: { ...PLAIN, version: 2 }, expected: [], context: loose },
  { name: 'no description (course profile)', tool: { name: 'x', inputSchema: { type: 'object' } }, expected: ['tools/descriptor /tool/description'] },
  { name: 'empty description (course profile)', tool: { ...PLAIN, description: '' }, expected: ['tools/descriptor /tool/description'] },
  { name: 'no description outside the course profile', tool: { name: 'x', inputSchema: { type: 'object' } }, expected: [], context: loose },
  { name: '_meta (course profile)', tool: { ...PLAIN, _meta: {} }, expected: ['tools/descriptor /tool/_meta'] },
  { name: '_meta outside the course profile', tool: { ...PLAIN, _meta: {} }, expected: [], context: loose },
  { name: 'name with a space (course profile: an error)', tool: { ...PLAIN, name: 'get forecast' }, expected: ['tools/name-not-allowed /tool/name'] },
  { name: 'name too long (course profile: an error)', tool: { ...PLAIN, name: 'n'.repeat(129) }, expected: ['tools/name-not-allowed /tool/name'] },
  { name: 'name with a space (specification: a warning)', tool: { ...PLAIN, name: 'get forecast' }, expected: ['tools/name-format /tool/name'], context: loose },
  { name: 'empty name (specification: a warning)', tool: { ...PLAIN, name: '' }, expected: ['tools/name-format /tool/name'], context: loose },
  { name: 'name of 128 characters', tool: { ...PLAIN, name: 'n'.repeat(128) }, expected: [] },
  { name: 'name with dots, hyphens and underscores', tool: { ...PLAIN, name: 'a.b-c_D9' }, expected: [] },
  { name: 'inputSchema not of type object', tool: { ...PLAIN, inputSchema: { type: 'string' } }, expected: ['tools/schema-root-type /tool/inputSchema/type'] },
  {
    name: 'outputSchema with an unexecuted keyword',
    tool: { ...PLAIN, outputSchema: { type: 'object', patternProperties: {} } },
    expected: ['toolschema/unknown-keyword /tool/outputSchema/patternProperties'],
  },
  { name: 'unknown taskSupport', tool: { ...PLAIN, execution: { taskSupport: 'maybe' } }, expected: ['tools/descriptor /tool/execution/taskSupport'] },
  { name: 'annotation hint not a boolean', tool: { ...PLAIN, annotations: { readOnlyHint: 'yes' } }, expected: ['tools/descriptor /tool/annotations/readOnlyHint'] },
  { name: 'annotations are open', tool: { ...PLAIN, annotations: { audience: 'growers' } }, expected: [] },
  { name: 'icons keep the schema shapes (course profile)', tool: { ...PLAIN, icons: [{ src: 'f.png', theme: 'blue' }] }, expected: ['tools/descriptor /tool/icons/0/theme'] },
];

for (const c of DESCRIPTOR_CASES) {
  test(`tool descriptor: ${c.name}`, () => {
    assert.equal(pairs(validateToolDescriptor(c.tool, '/tool', c.context ?? ctx)), c.expected);
  });
}

test('tools/list: params and result pages', () => {
  assert.equal(pairs(list?.params?.(undefined, P, ctx) ?? []), []);
  assert.equal(pairs(list?.params?.({ cursor: 'p2' }, P, ctx) ?? []), []);
  const page = (tools: unknown, extra: Record<string, unknown> = {}) => pairs(list?.result?.({ tools, ...extra }, R, undefined, ctx) ?? []);
  assert.equal(page([FORECAST, PLAIN], { nextCursor: 'p2', _meta: {} }), []);
  assert.equal(page([PLAIN, PLAIN]), [`tools/duplicate-name ${R}/tools/1/name`]);
  assert.equal(page([PLAIN, { name: 'x', description: 'X.' }]), [`tools/descriptor ${R}/tools/1/inputSchema`]);
  assert.equal(pairs(list?.result?.({ tools: [], extra: 1 }, R, undefined, ctx) ?? []), [`tools/list-result ${R}/extra`]);
  assert.equal(pairs(list?.result?.({}, R, undefined, ctx) ?? []), [`tools/list-result ${R}/tools`]);
  const many = Array.from({ length: 257 }, (_, i) => ({ name: `t${i}`, description: 'T.', inputSchema: { type: 'object' } }));
  assert.equal(page(many), [`pagination/page-too-large ${R}/tools`]);
  assert.equal(page(many.slice(0, 256)), []);
});

test('tools/call names are judged only once the tool set is known', () => {
  const call = toolsMethods['tools/call']?.params;
  assert.ok(call);
  const unknownSet: ValidationContext = listedToolsContext(ctx.profile, new Map(), false);
  assert.equal(pairs(call({ name: 'anything', arguments: { x: 1 } }, P, unknownSet)), []);
  const knownEmpty: ValidationContext = listedToolsContext(ctx.profile, new Map(), true);
  assert.equal(pairs(call({ name: 'anything' }, P, knownEmpty)), [`tools/unknown-tool ${P}/name`]);
});

test('tools/call params: valid calls are accepted', () => {
  assert.equal(params({ name: 'get_forecast', arguments: { place: 'Oslo', days: 3 } }), []);
  assert.equal(params({ name: 'get_forecast', arguments: { place: 'Oslo' }, task: { ttl: 1000 }, _meta: { progressToken: 1 } }), []);
  assert.equal(params({ name: 'echo' }), []);
  assert.equal(params({ name: 'batch.run', arguments: {}, task: {} }), []);
});

const CALL_CASES: ReadonlyArray<{ name: string; params: unknown; expected: string[]; fragment?: string }> = [
  { name: 'params missing', params: undefined, expected: [`tools/call-params ${P}`] },
  { name: 'name not a string', params: { name: 3 }, expected: [`tools/call-params ${P}/name`] },
  { name: 'unknown member', params: { name: 'echo', args: {} }, expected: [`tools/call-params ${P}/args`] },
  { name: 'arguments not an object', params: { name: 'echo', arguments: [1] }, expected: [`tools/call-params ${P}/arguments`] },
  { name: 'unknown tool', params: { name: 'nope', arguments: {} }, expected: [`tools/unknown-tool ${P}/name`] },
  {
    name: 'required argument missing (arguments absent)',
    params: { name: 'get_forecast' },
    expected: [`toolschema/instance-required ${P}/arguments/place`],
    fragment: 'missing required value',
  },
  {
    name: 'integer argument above maximum',
    params: { name: 'get_forecast', arguments: { place: 'Oslo', days: 8 } },
    expected: [`toolschema/instance-maximum ${P}/arguments/days`],
  },
  {
    name: 'integer argument below minimum',
    params: { name: 'get_forecast', arguments: { place: 'Oslo', days: 0 } },
    expected: [`toolschema/instance-minimum ${P}/arguments/days`],
  },
  {
    name: 'task metadata with a bad ttl',
    params: { name: 'get_forecast', arguments: { place: 'Oslo' }, task: { ttl: -1 } },
    expected: [`tasks/metadata ${P}/task/ttl`],
  },
  {
    name: 'task for a tool without taskSupport',
    params: { name: 'echo', task: {} },
    expected: [`tools/task-not-supported ${P}/task`],
  },
  {
    name: 'no task for a tool that requires one',
    params: { name: 'batch.run', arguments: {} },
    expected: [`tools/task-required ${P}`],
  },
];

for (const c of CALL_CASES) {
  test(`tools/call params: ${c.name}`, () => {
    const out = call?.params?.(c.params, P, ctx) ?? [];
    assert.equal(pairs(out), c.expected);
    if (c.fragment) assert.ok(out[0]?.message.includes(c.fragment));
  });
}

test('tools/call params: forbidden taskSupport is the same as absent', () => {
  const forbidding = { ...PLAIN, name: 'slow', execution: { taskSupport: 'forbidden' } };
  const c: ValidationContext = listedToolsContext(ctx.profile, new Map([['slow', forbidding]]));
  assert.equal(pairs(call?.params?.({ name: 'slow', task: {} }, P, c) ?? []), [`tools/task-not-supported ${P}/task`]);
  assert.equal(pairs(call?.params?.({ name: 'slow' }, P, c) ?? []), []);
});

const OK_CONTENT = [{ type: 'text', text: '{"high": 21.5, "sky": "clear"}' }];
const FORECAST_CALL = { name: 'get_forecast', arguments: { place: 'Oslo' } };

test('tools/call result: valid results are accepted', () => {
  assert.equal(pairs(result({ content: OK_CONTENT, structuredContent: { high: 21.5, sky: 'clear' }, isError: false }, FORECAST_CALL)), []);
  assert.equal(pairs(result({ content: [{ type: 'text', text: 'no such place' }], isError: true }, FORECAST_CALL)), []);
  assert.equal(pairs(result({ content: [] }, { name: 'echo' }, loose)), []);
  assert.equal(pairs(result({ content: OK_CONTENT, extra: 1 }, { name: 'echo' })), [], 'the course profile leaves the result open');
  const many = Array.from({ length: 70 }, () => ({ type: 'text', text: 'x'.repeat(70_000) }));
  assert.equal(pairs(result({ content: many }, { name: 'echo' })), [], 'the 64-item and 64 KiB budget is the resources/read one');
});

test('tools/call result: structuredContent required when an outputSchema exists', () => {
  const out = result({ content: OK_CONTENT }, FORECAST_CALL);
  assert.equal(pairs(out), [`tools/structured-content-missing ${R}/structuredContent`]);
  assert.ok(out[0]?.message.includes('structuredContent'));
  assert.equal(pairs(result({ content: OK_CONTENT, isError: false }, FORECAST_CALL)), [`tools/structured-content-missing ${R}/structuredContent`]);
});

test('tools/call result: structuredContent must satisfy the outputSchema', () => {
  const out = result({ content: OK_CONTENT, structuredContent: { high: 'warm', sky: 'clear' } }, FORECAST_CALL);
  assert.equal(pairs(out), [`toolschema/instance-type ${R}/structuredContent/high`]);
  assert.ok(out[0]?.message.includes('must be a number'));
  assert.equal(pairs(result({ content: OK_CONTENT, structuredContent: { high: 1, sky: 'foggy' } }, FORECAST_CALL)), [
    `toolschema/instance-enum ${R}/structuredContent/sky`,
  ]);
});

test('tools/call result: shape and content', () => {
  assert.equal(pairs(result({ structuredContent: {} }, { name: 'echo' })), [`tools/call-result ${R}/content`]);
  assert.equal(pairs(result({ content: OK_CONTENT, isError: 'no' }, { name: 'echo' })), [`tools/call-result ${R}/isError`]);
  assert.equal(pairs(result({ content: [{ type: 'text' }] }, { name: 'echo' })), [`content/block-shape ${R}/content/0/text`]);
  assert.equal(pairs(result({ content: [] }, { name: 'echo' })), [`tools/call-result ${R}/content`], 'the course profile wants at least one block');
  assert.equal(pairs(result({ content: [{ type: 'video' }] }, { name: 'echo' })), [`content/block-shape ${R}/content/0/type`], 'the blocks keep the schema shapes');
});

test('tools/call result: structuredContent should come with a text block', () => {
  const out = result({ content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }], structuredContent: { high: 1, sky: 'clear' } }, FORECAST_CALL);
  assert.equal(pairs(out), [`tools/structured-content-without-text ${R}/content`]);
  assert.is(out[0]?.severity, 'warning');
});

test('tools/call result: a task-augmented call is answered with a CreateTaskResult', () => {
  const taskCall = { ...FORECAST_CALL, task: { ttl: 60000 } };
  const created = {
    task: { taskId: 'f-1', status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: 60000, pollInterval: 1000 },
  };
  assert.equal(pairs(result(created, taskCall)), []);
  assert.equal(pairs(result({ content: OK_CONTENT, structuredContent: { high: 1, sky: 'clear' } }, taskCall)), [`tasks/create-result ${R}/task`]);
  assert.equal(pairs(result({ ...created, eta: 'soon' }, taskCall)), [], 'a CreateTaskResult is open');
});

test('notifications/tools/list_changed: params absent or an object whose _meta is an object', () => {
  const changed = toolsMethods['notifications/tools/list_changed'];
  assert.equal(pairs(changed?.params?.(undefined, P, ctx) ?? []), []);
  assert.equal(pairs(changed?.params?.({ _meta: {} }, P, ctx) ?? []), []);
  assert.equal(pairs(changed?.params?.({ tools: [] }, P, ctx) ?? []), [], 'open params');
  assert.equal(pairs(changed?.params?.({ _meta: 5 }, P, loose) ?? []), [`tools/list-changed-params ${P}/_meta`]);
  assert.equal(pairs(changed?.params?.({ _meta: 5 }, P, ctx) ?? []), [], 'the course profile does not examine them, as its reference');
});

test.run();
