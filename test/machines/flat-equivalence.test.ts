import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createActor, type AnyStateMachine } from 'xstate';
import { authorizationMachine } from '../../machines/authorization.ts';
import { cancellationMachine } from '../../machines/cancellation.ts';
import { correlationMachine } from '../../machines/correlation.ts';
import { cursorMachine } from '../../machines/cursor.ts';
import { discoveryMachine } from '../../machines/discovery.ts';
import { compileFlat, FlatRunner, isFlat } from '../../machines/flat-machine.ts';
import { SAMPLE_BASIS } from '../../coverage/models/basis.ts';
import { createModels } from '../../coverage/models/index.ts';
import { lifecycleMachine } from '../../machines/lifecycle.ts';
import { listenMachine } from '../../machines/listen.ts';
import { logLevelMachine } from '../../machines/log-level.ts';
import { IdSet, requestIdsMachine } from '../../machines/request-ids.ts';
import { SMALL_LIMIT } from '../../machines/pending-requests.ts';
import { promptCatalogueMachine } from '../../machines/prompt-catalogue.ts';
import { subscriptionMachine } from '../../machines/subscription.ts';
import { toolCallsMachine } from '../../machines/tool-calls.ts';
import { toolListingMachine } from '../../machines/tool-listing.ts';
import { COURSE_PROFILE, SPEC_2025_11_25 } from '../../validators/profiles.ts';
import { idKey } from '../../validators/envelope.ts';

const EMITTED = ['issue', 'result.invalid', 'revision.changed', 'pending.forgotten', 'findings'];

/** Runs the same events through an xstate actor and the flat runner; returns both traces. */
function traces(machine: AnyStateMachine, input: unknown, events: readonly object[]): [unknown[], unknown[]] {
  const actor = createActor(machine, { input } as never);
  const flat = new FlatRunner<unknown, { type: string }, { type: string }>(machine, input);
  const heardA: unknown[] = [];
  const heardF: unknown[] = [];
  for (const type of EMITTED) {
    actor.on(type, (e: unknown) => heardA.push(e));
    flat.on(type, (e) => heardF.push(e));
  }
  actor.start();
  const a: unknown[] = [];
  const f: unknown[] = [];
  for (const e of events) {
    heardA.length = 0;
    heardF.length = 0;
    actor.send(e as never);
    flat.send(e as { type: string });
    const sa = actor.getSnapshot();
    const sf = flat.getSnapshot();
    a.push({ value: sa.value, context: sa.context, emitted: [...heardA] });
    f.push({ value: sf.value, context: sf.context, emitted: [...heardF] });
  }
  actor.stop();
  return [a, f];
}

function holdsEqual(machine: AnyStateMachine, input: unknown, events: fc.Arbitrary<object>, maxLength = 30): void {
  fc.assert(
    fc.property(fc.array(events, { maxLength }), (list) => {
      const [a, f] = traces(machine, input, list);
      assert.equal(f, a);
    }),
    { numRuns: 300 },
  );
}

const V = '2025-11-25';
const direction = fc.constantFrom('client_to_server', 'server_to_client');

test('every core machine compiles to a flat table', () => {
  for (const m of [lifecycleMachine, correlationMachine, authorizationMachine, subscriptionMachine]) {
    const flat = compileFlat(m);
    assert.ok(flat.states.size >= 1, m.id);
  }
});

test('lifecycle: the flat table and the actor agree on random event sequences', () => {
  const event = fc.oneof(
    fc.record({
      type: fc.constant('request'),
      direction,
      method: fc.constantFrom('initialize', 'ping', 'tools/list', 'roots/list'),
      params: fc.option(fc.record({ protocolVersion: fc.constantFrom(V, '2024-11-05'), capabilities: fc.constant({ roots: {} }) }), { nil: undefined }),
      strict: fc.boolean(),
    }),
    fc.record({ type: fc.constant('notification'), direction, method: fc.constantFrom('notifications/initialized', 'notifications/tools/list_changed') }),
    fc.record({ type: fc.constant('initialize.result'), result: fc.record({ protocolVersion: fc.constantFrom(V, '2025-06-18'), capabilities: fc.constant({ tools: {} }) }) }),
    fc.record({ type: fc.constant('initialize.error'), strict: fc.boolean() }),
  );
  holdsEqual(lifecycleMachine, { protocolVersion: V }, event);
});

test('correlation: the flat table and the actor agree on random event sequences', () => {
  const id = fc.constantFrom<string | number>(1, 2, '1', 'a');
  const finding = { rule: 'tools/call-result', severity: 'error', pointer: '/message/result', message: 'bad' };
  const warning = { ...finding, severity: 'warning' };
  const event = fc.oneof(
    id.map((i) => ({ type: 'request', key: idKey(i), overflow: 'reject', entry: { id: i, method: 'tools/list', params: undefined, revision: undefined, subject: undefined, tenant: undefined } })),
    fc.tuple(id, fc.constantFrom([], [finding], [warning])).map(([i, findings]) => ({ type: 'result', key: idKey(i), id: i, findings })),
    id.map((i) => ({ type: 'error', key: idKey(i), id: i })),
  );
  holdsEqual(correlationMachine, { direction: 'client_to_server' }, event);
});

test('correlation at its pending limit: the flat table and the actor agree, rejecting or forgetting the oldest, in both table forms', () => {
  const entry = (i: number) => ({ id: i, method: 'ping', params: undefined, revision: undefined, subject: undefined, tenant: undefined });
  for (const [limit, ids] of [[3, 6], [SMALL_LIMIT + 2, SMALL_LIMIT + 6]] as const) {
    const id = fc.integer({ min: 1, max: ids });
    const event = fc.oneof(
      { arbitrary: fc.tuple(id, fc.constantFrom('reject', 'forget')).map(([i, overflow]) => ({ type: 'request', key: idKey(i), entry: entry(i), overflow })), weight: 3 },
      id.map((i) => ({ type: 'result', key: idKey(i), id: i, findings: [] })),
      id.map((i) => ({ type: 'error', key: idKey(i), id: i })),
    );
    holdsEqual(correlationMachine, { direction: 'client_to_server', limit }, event, limit * 4);
  }
});

test('authorization: the flat table and the actor agree on random event sequences', () => {
  const R = 'https://mcp.example.test/mcp';
  const rev = (enabled: boolean) => ({
    principals: { ann: { tenant: 'a', scopes: ['resources:read'], enabled }, bo: { tenant: 'b', scopes: ['resources:read'] } },
    resources: [{ uri: 'kb://a/x', tenant: 'a' }, { uri: 'kb://b/y', tenant: 'b' }],
    resourceTemplates: [{ uriTemplate: 'kb://a/t/{id}', tenant: 'a' }],
  });
  const policy = { protected_resource: R, initial_revision: 'r1', revisions: { r1: rev(true), r2: rev(false) } };
  const context = fc.record({
    transport: fc.constantFrom('streamable_http', 'stdio'),
    token_active: fc.boolean(),
    token_audience: fc.constantFrom(R, 'https://other.example.test/mcp'),
    resource: fc.constantFrom(R, 'https://other.example.test/mcp'),
    subject: fc.constantFrom('ann', 'bo', 'eve'),
    tenant: fc.constantFrom('a', 'b'),
    scopes: fc.constantFrom(['resources:read'], [], ['resources:read', 'admin'], ['resources:read', 'resources:read']),
    authorization_revision: fc.constantFrom('r1', 'r2', 'r0'),
  });
  const event = fc.oneof(
    fc.constantFrom('r1', 'r2', 'r9').map((revision) => ({ type: 'revision.activate', revision })),
    fc.tuple(context, fc.constantFrom('kb://a/x', 'kb://b/y', 'kb://a/t/7', 'kb://none')).map(([c, uri]) => ({
      type: 'context.check', input: { context: c, method: 'resources/read', scope: 'resources:read', uri, strict: c.scopes.length > 1 },
    })),
  );
  holdsEqual(authorizationMachine, { policy }, event);
});

test('subscription: the flat table and the actor agree on random event sequences', () => {
  const who = fc.constantFrom({ subject: 'ann', tenant: 'a' }, { subject: 'bo', tenant: 'a' });
  const event = fc.oneof(
    fc.constantFrom({ type: 'subscribe.succeeded' }, { type: 'subscribe.failed' }, { type: 'unsubscribe.succeeded' }, { type: 'unsubscribe.failed' }, { type: 'revoke' }),
    fc.record({ type: fc.constantFrom('subscribe.sent', 'unsubscribe.sent'), who, strict: fc.boolean() }),
    fc.record({ type: fc.constant('update'), uri: fc.constant('kb://a/x'), who, strict: fc.boolean() }),
  );
  holdsEqual(subscriptionMachine, { uri: 'kb://a/x', subject: 'ann', tenant: 'a' }, event);
});

test('listen: the flat table and the actor agree on random event sequences', () => {
  const id = fc.constantFrom<unknown>('l1', 'l2', 1);
  const filter = fc.record({ flags: fc.subarray(['toolsListChanged', 'promptsListChanged']), resources: fc.subarray(['file:///a', 'file:///b']) });
  const event = fc.oneof(
    fc.record({ type: fc.constant('listen'), id: fc.constant('l1'), requested: filter }),
    fc.record({ type: fc.constant('acknowledged'), id, agreed: filter }),
    fc.record({ type: fc.constant('notification'), id, method: fc.constant('notifications/resources/updated'), flag: fc.constantFrom('resourceSubscriptions', 'toolsListChanged'), uri: fc.constantFrom('file:///a', 'file:///b') }),
    fc.record({ type: fc.constant('cancelled'), id, by: direction }),
    fc.record({ type: fc.constant('result'), id: fc.constant('l1'), subscriptionId: fc.option(id, { nil: undefined }) }),
    fc.constant({ type: 'closed' }),
  );
  holdsEqual(listenMachine, undefined, event);
});

test('toolListing: the flat table and the actor agree on random event sequences', () => {
  const name = fc.constantFrom('a', 'b', 'c');
  const cursor = fc.option(fc.constantFrom('c1', 'c2', 'c3'), { nil: undefined });
  const event = fc.oneof(
    fc.record({ type: fc.constant('tool'), cursor, index: fc.nat(3), name }),
    fc.record({ type: fc.constant('page'), cursor, names: fc.array(name, { maxLength: 3 }), nextCursor: cursor }),
    fc.constant({ type: 'list_changed' }),
  );
  holdsEqual(toolListingMachine, undefined, event);
});

test('promptCatalogue: the flat table and the actor agree on random event sequences', () => {
  const name = fc.constantFrom('p1', 'p2');
  const args = fc.subarray(['a', 'b']);
  const event = fc.oneof(
    fc.record({ type: fc.constant('get'), name, arguments: args.map((given) => Object.fromEntries(given.map((k) => [k, 'x']))) }),
    fc.record({ type: fc.constant('page'), cursor: fc.option(fc.constant('next'), { nil: undefined }), prompts: fc.array(fc.record({ name, required: args }), { maxLength: 2 }) }),
    fc.constant({ type: 'list_changed' }),
  );
  holdsEqual(promptCatalogueMachine, undefined, event);
});

test('cursors: the flat table and the actor agree on random event sequences, within and past a small limit', () => {
  const method = fc.constantFrom('tools/list', 'prompts/list');
  const cursor = fc.constantFrom('c1', 'c2', 'c3', '');
  const scope = fc.constantFrom('public', 'private');
  const event = fc.oneof(
    fc.constant({ type: 'start' }),
    fc.record({ type: fc.constant('issued'), method, cursor, scope: fc.option(scope, { nil: undefined }) }),
    fc.record({ type: fc.constant('cursor'), method, cursor }),
    fc.record({ type: fc.constant('page'), method, cursor, scope }),
  );
  holdsEqual(cursorMachine, undefined, event);
  holdsEqual(cursorMachine, { limit: 3 }, event);
});

test('request ids: the flat table and the actor agree on random event sequences', () => {
  const id = fc.constantFrom<string | number>(1, 2, '1');
  const event = fc.oneof(
    fc.record({ type: fc.constant('request'), id, outstanding: fc.boolean() }),
    fc.record({ type: fc.constant('recorded'), id }),
    fc.constant({ type: 'initialize.failed' }),
  );
  // A persistent id set, so that the actor and the table each build their own from the one input.
  holdsEqual(requestIdsMachine, { direction: 'client_to_server', used: new IdSet() }, event);
});

test('log levels: the flat table and the actor agree on random event sequences, within and past a small limit', () => {
  const id = fc.constantFrom<string | number>(1, 2, 3, '1');
  const level = fc.constantFrom('debug', 'info', 'warning', 'error', 'emergency');
  const event = fc.oneof(
    fc.record({ type: fc.constant('request'), id, level }),
    fc.record({ type: fc.constant('answered'), id }),
    fc.record({ type: fc.constant('log'), level: fc.option(fc.constantFrom('debug', 'info', 'warning', 'error', 'verbose'), { nil: undefined }) }),
  );
  holdsEqual(logLevelMachine, undefined, event);
  holdsEqual(logLevelMachine, { limit: 2 }, event);
});

test('tool calls: the flat table and the actor agree on random event sequences, in the course and a specification profile', () => {
  const tools = new Map<string, Record<string, unknown>>([
    ['forecast', { name: 'forecast', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, outputSchema: { type: 'object', required: ['high'] } }],
    ['batch', { name: 'batch', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }],
  ]);
  const name = fc.constantFrom('forecast', 'batch', 'missing');
  const params = fc.record({ name, arguments: fc.constantFrom<unknown>(undefined, {}, { city: 'Oslo' }, { city: 3 }), task: fc.constantFrom<unknown>(undefined, { ttl: 1000 }) });
  const call = (type: 'call' | 'call.task') => params.map((p) => ({ type, params: p, name: p.name, at: '/message/params' }));
  const event = fc.oneof(
    fc.constant({ type: 'declared' }),
    fc.record({ type: fc.constant('listed'), paging: fc.boolean(), overflowed: fc.boolean() }),
    call('call'),
    call('call.task'),
    fc.record({
      type: fc.constant('result'),
      requestParams: params,
      result: fc.constantFrom({ content: [] }, { content: [], structuredContent: { high: 1 } }, { content: [], structuredContent: {} }, { content: [], isError: true }),
      at: fc.constant('/message/result'),
    }),
  );
  holdsEqual(toolCallsMachine, { profile: COURSE_PROFILE, tools }, event);
  holdsEqual(toolCallsMachine, { profile: SPEC_2025_11_25, tools }, event);
});

test('discovery: the flat table and the actor agree on random event sequences', () => {
  const version = fc.constantFrom<string | undefined>('2026-07-28', '2025-11-25', '1900-01-01', undefined);
  const method = fc.constantFrom('server/discover', 'tools/list', 'resources/list', 'notifications/tools/list_changed');
  const discovery = fc.option(fc.record({
    supportedVersions: fc.subarray(['2026-07-28', '2025-11-25']),
    capabilities: fc.constantFrom({}, { tools: {} }, { tools: { listChanged: true }, resources: {} }),
  }), { nil: undefined });
  const event = fc.oneof(
    fc.record({ type: fc.constant('request'), version }),
    fc.record({ type: fc.constant('call'), direction, method, params: fc.constant(undefined) }),
    fc.record({ type: fc.constant('served'), method, version }),
    fc.record({ type: fc.constant('error'), id: fc.constantFrom(1, 'a'), method, code: fc.constantFrom(-32601, -32603) }),
    fc.record({ type: fc.constant('answered'), method, discovery }),
  );
  holdsEqual(discoveryMachine, { defaultVersion: '2026-07-28' }, event);
});

test('cancellation: the flat table and the actor agree on random event sequences', () => {
  const id = fc.constantFrom<string | number>(1, 2, 'a');
  const target = fc.record({
    pending: fc.boolean(),
    issued: fc.constantFrom('yes', 'no', 'unsure'),
    method: fc.constantFrom('tools/call', 'initialize', undefined),
    taskAugmented: fc.boolean(),
  });
  const event = fc.oneof(
    fc.tuple(id, direction, target).map(([i, by, t]) => ({ type: 'cancel', key: idKey(i), id: i, by, target: t })),
    id.map((i) => ({ type: 'response', key: idKey(i) })),
  );
  holdsEqual(cancellationMachine, { direction: 'client_to_server', revision: '2025-11-25' }, event);
});

test('every flat machine agrees with its actor on random walks over its coverage event catalogue', () => {
  const models = createModels(SAMPLE_BASIS).filter((m) => isFlat(m.machine));
  assert.ok(models.length >= 6, `flat machines: ${models.map((m) => m.name).join(', ')}`);
  for (const model of models) {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 25 }), (choices) => {
        // Walk the actor, choosing each event among those the model offers in the current state.
        const actor = createActor(model.machine, { input: model.input } as never).start();
        const events: object[] = [];
        for (const c of choices) {
          const offered = model.events(actor.getSnapshot());
          if (offered.length === 0) break;
          const e = offered[c % offered.length]!;
          events.push(e);
          actor.send(e);
        }
        actor.stop();
        const [a, f] = traces(model.machine, model.input, events);
        assert.equal(f, a, model.name);
      }),
      { numRuns: 150 },
    );
  }
});

test('a judgement the flat runner calls unchanged is one the actor takes without any change', () => {
  const models = createModels(SAMPLE_BASIS).filter((m) => isFlat(m.machine));
  let unchanged = 0;
  let changed = 0;
  for (const model of models) {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 25 }), (choices) => {
        const actor = createActor(model.machine, { input: model.input } as never);
        const flat = new FlatRunner<unknown, { type: string }, { type: string }>(model.machine, model.input);
        const heard: unknown[] = [];
        for (const type of EMITTED) actor.on(type, (e: unknown) => heard.push(e));
        actor.start();
        for (const c of choices) {
          const offered = model.events(actor.getSnapshot());
          if (offered.length === 0) break;
          const e = offered[c % offered.length]!;
          const before = actor.getSnapshot();
          const judged = flat.judge(e);
          heard.length = 0;
          actor.send(e);
          flat.send(e);
          const after = actor.getSnapshot();
          if (judged.unchanged) {
            unchanged++;
            assert.equal([after.value, after.context, heard], [before.value, before.context, []], `${model.name}: ${JSON.stringify(e)}`);
          } else {
            changed++;
          }
        }
        actor.stop();
      }),
      { numRuns: 100 },
    );
  }
  assert.ok(unchanged > 0 && changed > 0, `both kinds of judgement occur (${unchanged} unchanged, ${changed} changed)`);
});

test.run();
