// Why: the 2025-06-18 profile validates that revision's schema, not 2025-11-25's. Members 2025-11-25
// added to open objects (icons, execution, websiteUrl, defaults) are unknown members there and stay
// unchecked; what would change the exchange (task augmentation, tool use and content arrays in
// sampling, URL-mode elicitation, titled and multi-select enums) is refused. Each case runs under
// both revisions, so the difference is the point of the test.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { completionMethods } from '../../validators/completion.ts';
import { validateContentBlock } from '../../validators/content.ts';
import type { JsonObject, ValidationContext } from '../../validators/context.ts';
import { elicitationMethods } from '../../validators/elicitation.ts';
import { validateRequestedSchema } from '../../validators/elicitation-schema.ts';
import type { Finding } from '../../validators/finding.ts';
import { validateImplementation } from '../../validators/initialize.ts';
import { SPEC_2025_06_18, SPEC_2025_11_25 } from '../../validators/profiles.ts';
import { promptsMethods } from '../../validators/prompts.ts';
import { resourcesMethods } from '../../validators/resources.ts';
import { samplingMethods } from '../../validators/sampling.ts';
import { validateToolDescriptor } from '../../validators/tool-descriptor.ts';
import { toolsMethods } from '../../validators/tools.ts';
import { pairs } from './support.ts';
import { listedToolsContext } from '../../machines/tool-catalogue.ts';

const P = '/message/params';
const R = '/message/result';
const BATCH: JsonObject = { name: 'batch', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } };

function context(profile: ValidationContext['profile']): ValidationContext {
  return listedToolsContext(profile, new Map([[BATCH['name'] as string, BATCH]]));
}

const newer = context(SPEC_2025_11_25);
const older = context(SPEC_2025_06_18);

/** One message checked under both revisions, with the findings expected under each. */
interface Case {
  readonly name: string;
  readonly run: (ctx: ValidationContext) => readonly Finding[];
  readonly '2025-11-25': string[];
  readonly '2025-06-18': string[];
}

const ASK = { role: 'user', content: { type: 'text', text: 'Name three colours.' } };
const SAMPLE = { messages: [ASK], maxTokens: 32 };
const LOOKUP = { name: 'lookup', inputSchema: { type: 'object' } };
const ANSWER = { role: 'assistant', model: 'sample-model', content: { type: 'text', text: 'Red.' } };
const FORM = { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
const TITLED = { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] };
const MULTI = { type: 'array', items: { type: 'string', enum: ['r', 'g'] } };
const TITLED_MULTI = { type: 'array', items: { anyOf: [{ const: 'r', title: 'Red' }] } };

const sampling = samplingMethods['sampling/createMessage'];
const elicit = elicitationMethods['elicitation/create'];
const call = toolsMethods['tools/call'];

const CASES: readonly Case[] = [
  {
    name: 'icons on a prompt are an unknown member in 2025-06-18',
    run: (c) => promptsMethods['prompts/list']?.result?.({ prompts: [{ name: 'p', icons: 'p.png' }] }, R, undefined, c) ?? [],
    '2025-11-25': [`prompts/descriptor ${R}/prompts/0/icons`],
    '2025-06-18': [],
  },
  {
    name: 'icons on a resource_link block',
    run: (c) => validateContentBlock({ type: 'resource_link', uri: 'file:///a', name: 'a', icons: {} }, '/b', c),
    '2025-11-25': ['content/block-shape /b/icons'],
    '2025-06-18': [],
  },
  {
    name: 'icons on a resource and a resource template',
    run: (c) => [
      ...(resourcesMethods['resources/list']?.result?.({ resources: [{ uri: 'file:///a', name: 'a', icons: 1 }] }, R, undefined, c) ?? []),
      ...(resourcesMethods['resources/templates/list']?.result?.({ resourceTemplates: [{ uriTemplate: 'file:///{p}', name: 't', icons: 1 }] }, R, undefined, c) ?? []),
    ],
    '2025-11-25': [`resources/descriptor-shape ${R}/resources/0/icons`, `resources/template-shape ${R}/resourceTemplates/0/icons`],
    '2025-06-18': [],
  },
  {
    name: 'execution and icons on a tool',
    run: (c) => validateToolDescriptor({ name: 't', inputSchema: { type: 'object' }, execution: { taskSupport: 'later' }, icons: 'x' }, '/t', c),
    '2025-11-25': ['tools/descriptor /t/execution/taskSupport', 'tools/descriptor /t/icons'],
    '2025-06-18': [],
  },
  {
    name: 'description, websiteUrl and icons of an implementation; title in both',
    run: (c) => validateImplementation({ name: 'n', version: '1', title: 'N', description: 1, websiteUrl: 2, icons: 3 }, '/i', c),
    '2025-11-25': ['initialize/implementation /i/description', 'initialize/implementation /i/websiteUrl', 'initialize/implementation /i/icons'],
    '2025-06-18': [],
  },
  {
    name: 'title on prompts, prompt arguments and prompt refs is in both revisions',
    run: (c) => [
      ...(promptsMethods['prompts/list']?.result?.({ prompts: [{ name: 'p', title: 1, arguments: [{ name: 'a', title: 2 }] }] }, R, undefined, c) ?? []),
      ...(completionMethods['completion/complete']?.params?.({ ref: { type: 'ref/prompt', name: 'p', title: 3 }, argument: { name: 'a', value: '' } }, P, c) ?? []),
    ],
    '2025-11-25': [`prompts/descriptor ${R}/prompts/0/title`, `prompts/descriptor ${R}/prompts/0/arguments/0/title`, `completion/ref ${P}/ref/title`],
    '2025-06-18': [`prompts/descriptor ${R}/prompts/0/title`, `prompts/descriptor ${R}/prompts/0/arguments/0/title`, `completion/ref ${P}/ref/title`],
  },
  {
    name: 'tools/call with a task',
    run: (c) => call?.params?.({ name: 'batch', task: { ttl: 1000 } }, P, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [`tools/call-params ${P}/task`],
  },
  {
    name: 'tools/call of a tool whose execution requires a task, without one',
    run: (c) => call?.params?.({ name: 'batch' }, P, c) ?? [],
    '2025-11-25': [`tools/task-required ${P}`],
    '2025-06-18': [],
  },
  {
    name: 'a tools/call result is a CallToolResult even if the request carried a task',
    run: (c) => call?.result?.({ content: [] }, R, { name: 'batch', task: {} }, c) ?? [],
    '2025-11-25': [`tasks/create-result ${R}/task`],
    '2025-06-18': [],
  },
  {
    name: 'sampling tools, toolChoice and task',
    run: (c) => sampling?.params?.({ ...SAMPLE, tools: [LOOKUP], toolChoice: { mode: 'auto' }, task: { ttl: 5 } }, P, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [`sampling/params ${P}/tools`, `sampling/params ${P}/toolChoice`, `sampling/params ${P}/task`],
  },
  {
    name: 'a sampling message with a content array',
    run: (c) => sampling?.params?.({ ...SAMPLE, messages: [{ role: 'user', content: [ASK.content] }] }, P, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [`sampling/message ${P}/messages/0/content`],
  },
  {
    name: 'a tool_use block in a sampling message',
    run: (c) => sampling?.params?.({ ...SAMPLE, messages: [ASK, { role: 'assistant', content: { type: 'tool_use', id: 'u', name: 'lookup', input: {} } }] }, P, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [`content/block-shape ${P}/messages/1/content/type`],
  },
  {
    name: 'image and audio sampling messages are in both revisions',
    run: (c) => sampling?.params?.({ ...SAMPLE, messages: [ASK, { role: 'user', content: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' } }] }, P, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [],
  },
  {
    name: 'a sampling result with a content array',
    run: (c) => sampling?.result?.({ ...ANSWER, content: [ANSWER.content] }, R, SAMPLE, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [`sampling/result ${R}/content`],
  },
  {
    name: 'a sampling result with a tool_use block',
    run: (c) => sampling?.result?.({ ...ANSWER, content: { type: 'tool_use', id: 'u', name: 'lookup', input: {} }, stopReason: 'toolUse' }, R, SAMPLE, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [`content/block-shape ${R}/content/type`],
  },
  {
    name: 'image and audio sampling results are in both revisions',
    run: (c) => [
      ...(sampling?.result?.({ ...ANSWER, content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } }, R, SAMPLE, c) ?? []),
      ...(sampling?.result?.({ ...ANSWER, content: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' } }, R, SAMPLE, c) ?? []),
    ],
    '2025-11-25': [],
    '2025-06-18': [],
  },
  {
    name: 'a sampling result for a request that carried a task',
    run: (c) => sampling?.result?.(ANSWER, R, { ...SAMPLE, task: {} }, c) ?? [],
    '2025-11-25': [`tasks/create-result ${R}/task`],
    '2025-06-18': [],
  },
  {
    name: 'URL-mode elicitation',
    run: (c) => elicit?.params?.({ mode: 'url', message: 'Sign in', url: 'https://example.com/a', elicitationId: 'e1' }, P, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [`elicitation/params ${P}/mode`],
  },
  {
    name: 'a task-augmented elicitation',
    run: (c) => elicit?.params?.({ ...FORM, task: { ttl: 5 } }, P, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [`elicitation/params ${P}/task`],
  },
  {
    name: 'mode "form" is an unknown member in 2025-06-18 and harmless',
    run: (c) => elicit?.params?.({ ...FORM, mode: 'form' }, P, c) ?? [],
    '2025-11-25': [],
    '2025-06-18': [],
  },
  {
    name: 'a form without requestedSchema',
    run: (c) => elicit?.params?.({ message: 'Your name?' }, P, c) ?? [],
    '2025-11-25': [`elicitation/params ${P}/requestedSchema`],
    '2025-06-18': [`elicitation/params ${P}/requestedSchema`],
  },
  {
    name: 'titled single-select, multi-select and titled multi-select fields',
    run: (c) => validateRequestedSchema({ type: 'object', properties: { colour: TITLED, colours: MULTI, named: TITLED_MULTI } }, '/s', c),
    '2025-11-25': [],
    '2025-06-18': ['elicitation/requested-schema /s/properties/colour/oneOf', 'elicitation/requested-schema /s/properties/colours/type', 'elicitation/requested-schema /s/properties/named/type'],
  },
  {
    name: 'enum with enumNames is in both revisions',
    run: (c) => validateRequestedSchema({ type: 'object', properties: { c: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] } } }, '/s', c),
    '2025-11-25': [],
    '2025-06-18': [],
  },
  {
    name: 'string and number defaults are unknown members in 2025-06-18; boolean defaults are in both',
    run: (c) =>
      validateRequestedSchema(
        { type: 'object', properties: { s: { type: 'string', default: 1 }, n: { type: 'number', default: 'x' }, b: { type: 'boolean', default: 'yes' } } },
        '/s',
        c,
      ),
    '2025-11-25': ['elicitation/requested-schema /s/properties/s/default', 'elicitation/requested-schema /s/properties/n/default', 'elicitation/requested-schema /s/properties/b/default'],
    '2025-06-18': ['elicitation/requested-schema /s/properties/b/default'],
  },
  {
    name: 'string formats and number ranges are in both revisions',
    run: (c) =>
      validateRequestedSchema(
        { type: 'object', properties: { e: { type: 'string', format: 'email' }, p: { type: 'string', format: 'phone' }, n: { type: 'integer', minimum: 'low' } } },
        '/s',
        c,
      ),
    '2025-11-25': ['elicitation/requested-schema /s/properties/p/format', 'elicitation/requested-schema /s/properties/n/minimum'],
    '2025-06-18': ['elicitation/requested-schema /s/properties/p/format', 'elicitation/requested-schema /s/properties/n/minimum'],
  },
];

for (const c of CASES) {
  test(c.name, () => {
    assert.equal(pairs(c.run(newer)), c['2025-11-25'], '2025-11-25');
    assert.equal(pairs(c.run(older)), c['2025-06-18'], '2025-06-18');
  });
}

test('accepted form content is checked against the field schema in both revisions', () => {
  const request = { message: 'x', requestedSchema: { type: 'object', properties: { email: { type: 'string', format: 'email' }, age: { type: 'integer', minimum: 0, maximum: 150 } }, required: ['email'] } };
  for (const c of [newer, older]) {
    const result = (r: unknown) => pairs(elicit?.result?.(r, R, request, c) ?? []);
    assert.equal(result({ action: 'accept', content: { email: 'a@example.com', age: 40 } }), [], c.profile.id);
    assert.equal(result({ action: 'accept', content: { email: 'nope', age: 200 } }), [
      `elicitation/content-constraint ${R}/content/email`,
      `elicitation/content-constraint ${R}/content/age`,
    ], c.profile.id);
  }
});

test.run();
