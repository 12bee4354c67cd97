import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createActor } from 'xstate';
import { isFlat } from '../../machines/flat-machine.ts';
import { ToolCatalogue } from '../../machines/tool-catalogue.ts';
import { toolCallsMachine, type ToolCallsEvent, type ToolCallsInput } from '../../machines/tool-calls.ts';
import { TOOLS_BYTES } from '../../machines/tool-memory.ts';
import type { JsonObject } from '../../validators/context.ts';
import { COURSE_PROFILE, SPEC_2025_06_18, SPEC_2025_11_25 } from '../../validators/profiles.ts';
import { toolsMethods } from '../../validators/tools.ts';

const FORECAST: JsonObject = {
  name: 'forecast',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  outputSchema: { type: 'object', properties: { high: { type: 'number' } }, required: ['high'] },
  execution: { taskSupport: 'optional' },
};
const BATCH: JsonObject = { name: 'batch', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } };
const PLAIN: JsonObject = { name: 'plain', inputSchema: { type: 'object' } };
const TOOLS = new Map([FORECAST, BATCH, PLAIN].map((t) => [t['name'] as string, t]));

const P = '/message/params';
const R = '/message/result';
const call = (params: JsonObject): ToolCallsEvent => ({ type: 'call', params, name: params['name'] as string, at: P });
const task = (params: JsonObject): ToolCallsEvent => ({ type: 'call.task', params, name: params['name'] as string, at: P });
const answer = (requestParams: JsonObject, result: JsonObject): ToolCallsEvent => ({ type: 'result', requestParams, result, at: R });
const declared: ToolCallsEvent = { type: 'declared' };
const paging: ToolCallsEvent = { type: 'listed', paging: true, overflowed: false };
const last: ToolCallsEvent = { type: 'listed', paging: false, overflowed: false };
const overflowed: ToolCallsEvent = { type: 'listed', paging: false, overflowed: true };

/** Runs events through a fresh actor: after each, the state and the findings as `rule pointer`. */
function run(events: readonly ToolCallsEvent[], input: ToolCallsInput = { profile: COURSE_PROFILE, tools: TOOLS }): string[] {
  const actor = createActor(toolCallsMachine, { input });
  let found: string[] = [];
  actor.on('issue', (e) => found.push(`${e.rule} ${e.pointer ?? ''}`));
  actor.on('findings', (e) => found.push(...e.findings.map((f) => `${f.rule} ${f.pointer}`)));
  actor.start();
  const out: string[] = [];
  for (const e of events) {
    found = [];
    const before = actor.getSnapshot().context;
    actor.send(e);
    const after = actor.getSnapshot();
    // Judging a call or a result changes nothing: the context is the one it was.
    if (e.type === 'call' || e.type === 'call.task' || e.type === 'result') assert.is(after.context, before);
    out.push(`${String(after.value)}${found.length > 0 ? ` ${found.join('; ')}` : ''}`);
  }
  actor.stop();
  return out;
}

test('the tool calls chart runs on a flat table', () => {
  assert.ok(isFlat(toolCallsMachine));
});

test('the catalogue is complete once declared or listed in full; a page still paging or a bound passed leaves it incomplete', () => {
  assert.equal(run([declared, paging, last, overflowed, last]), ['complete', 'incomplete', 'complete', 'incomplete', 'complete']);
  assert.equal(run([paging]), ['incomplete']);
});

test('isUnknownTool: only a complete catalogue, in the course profile\'s strict reading, makes an unknown name a finding', () => {
  const unknown = call({ name: 'missing', arguments: {} });
  assert.equal(run([declared, unknown]), [`complete`, `complete tools/unknown-tool ${P}/name`]);
  // The nearest that must not: the same call while the catalogue is incomplete, a known tool, or a specification profile.
  assert.equal(run([unknown, paging, unknown]), ['incomplete', 'incomplete', 'incomplete']);
  assert.equal(run([declared, call({ name: 'plain' })]), ['complete', 'complete']);
  assert.equal(run([declared, unknown], { profile: SPEC_2025_11_25, tools: TOOLS }), ['complete', 'complete']);
});

test('breaksInputSchema: the arguments against the tool\'s inputSchema, each finding with its own pointer (reportFindings)', () => {
  assert.equal(run([declared, call({ name: 'forecast', arguments: { city: 3 } })]), [`complete`, `complete toolschema/instance-type ${P}/arguments/city`]);
  assert.equal(run([call({ name: 'forecast' })]), [`incomplete toolschema/instance-required ${P}/arguments/city`]);
  assert.equal(run([call({ name: 'forecast', arguments: { city: 'Oslo' } })]), ['incomplete']);
  // Arguments that are no object are the params' shape, not the schema's.
  assert.equal(run([call({ name: 'forecast', arguments: [] as unknown as JsonObject })]), ['incomplete']);
});

test('refusesTask / needsTask: a task augmentation against the tool\'s execution.taskSupport', () => {
  const withTask = (name: string): JsonObject => ({ name, arguments: {}, task: { ttl: 1000 } });
  assert.equal(run([task(withTask('plain'))]), [`incomplete tools/task-not-supported ${P}/task`]);
  assert.equal(run([task({ name: 'batch', arguments: {} })]), [`incomplete tools/task-required ${P}`]);
  // The nearest that must not: a task where the tool supports one, none where it is optional, an unknown tool.
  assert.equal(run([task(withTask('forecast')), task(withTask('batch')), task({ name: 'forecast', arguments: { city: 'Oslo' } }), task(withTask('missing'))]),
    ['incomplete', 'incomplete', 'incomplete', 'incomplete']);
  // 2025-06-18 has no task augmentation: the tool's taskSupport decides nothing.
  assert.equal(run([task(withTask('plain')), task({ name: 'batch' })], { profile: SPEC_2025_06_18, tools: TOOLS }), ['incomplete', 'incomplete']);
});

test('lacksStructuredContent / breaksOutputSchema: a result against the outputSchema of the tool called', () => {
  const forecast = { name: 'forecast', arguments: { city: 'Oslo' } };
  const text = [{ type: 'text', text: '{}' }];
  assert.equal(run([answer(forecast, { content: text })]), [`incomplete tools/structured-content-missing ${R}/structuredContent`]);
  assert.equal(run([answer(forecast, { content: text, structuredContent: { high: 'warm' } })]), [`incomplete toolschema/instance-type ${R}/structuredContent/high`]);
  // The nearest that must not: conforming content, an error result, a tool without outputSchema, an unknown tool.
  assert.equal(run([
    answer(forecast, { content: text, structuredContent: { high: 21.5 } }),
    answer(forecast, { content: text, isError: true }),
    answer({ name: 'plain' }, { content: text }),
    answer({ name: 'missing' }, { content: text }),
  ]), ['incomplete', 'incomplete', 'incomplete', 'incomplete']);
});

test('a call another check rejects changes nothing: the session judges it again the same way', () => {
  const catalogue = new ToolCatalogue(COURSE_PROFILE, [FORECAST]);
  const params = { name: 'forecast', arguments: {} };
  const validate = toolsMethods['tools/call']!.params!;
  const first = validate(params, P, catalogue.context);
  assert.equal(first.map((f) => f.rule), ['toolschema/instance-required']);
  assert.equal(validate(params, P, catalogue.context), first);
});

test('the catalogue is bounded by TOOLS_BYTES: past it the oldest listed are forgotten and the catalogue is incomplete', () => {
  const catalogue = new ToolCatalogue(COURSE_PROFILE, []);
  const strict = new ToolCatalogue({ ...SPEC_2025_11_25, strict: true }, undefined);
  const big = (i: number): JsonObject => ({ name: `big_${i}`, inputSchema: { type: 'object' }, description: 'x'.repeat(TOOLS_BYTES / 4) });
  const validate = toolsMethods['tools/call']!.params!;
  // The course profile never lists into the catalogue: its declared (empty) catalogue stays complete.
  strict.accept(undefined, { tools: [big(0), big(1)] });
  assert.equal(validate({ name: 'nothing' }, P, strict.context).map((f) => f.rule), ['tools/unknown-tool']);
  strict.accept(undefined, { tools: [big(2), big(3), big(4)] });
  assert.ok(strict.forgotten > 0);
  assert.ok(strict.context.tools.size < 5);
  // Past the bound a name not known may be one forgotten: no finding.
  assert.equal(validate({ name: 'big_0' }, P, strict.context), []);
  assert.equal(validate({ name: 'anything' }, P, catalogue.context).map((f) => f.rule), ['tools/unknown-tool']);
});

test.run();
