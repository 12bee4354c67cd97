import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validateClientCapabilities, validateServerCapabilities } from '../../validators/capabilities-shape.ts';
import type { ValidationContext } from '../../validators/context.ts';
import { initializeMethods, validateImplementation } from '../../validators/initialize.ts';
import { ctx, loose, pairs } from './support.ts';

const P = '/message/params';
const R = '/message/result';
const init = initializeMethods['initialize'];

const CLIENT_CAPS = {
  roots: { listChanged: true },
  sampling: { context: {}, tools: {} },
  elicitation: { form: {}, url: {} },
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
  experimental: { 'example.com/beta': { level: 2 } },
};
const SERVER_CAPS = {
  logging: {},
  completions: {},
  prompts: { listChanged: false },
  resources: { subscribe: true, listChanged: true },
  tools: { listChanged: true },
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
  experimental: {},
};
const INFO = {
  name: 'sample-client',
  version: '0.3.0',
  title: 'Sample',
  description: 'A client for tests',
  websiteUrl: 'https://example.com/client',
  icons: [{ src: 'https://example.com/c.png', sizes: ['48x48'], theme: 'dark' }],
};

test('capabilities: full declarations and empty ones are accepted', () => {
  assert.equal(pairs(validateClientCapabilities(CLIENT_CAPS, '/c', ctx)), []);
  assert.equal(pairs(validateClientCapabilities({}, '/c', ctx)), []);
  assert.equal(pairs(validateServerCapabilities(SERVER_CAPS, '/s', ctx)), []);
  assert.equal(pairs(validateServerCapabilities({ tools: {} }, '/s', ctx)), []);
});

const CAPABILITY_CASES: ReadonlyArray<{ name: string; side: 'client' | 'server'; caps: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'unknown client capability (an open set)', side: 'client', caps: { tools: {} }, expected: [] },
  { name: 'unknown capability outside strict profiles', side: 'client', caps: { tools: {} }, expected: [], context: loose },
  { name: 'roots.listChanged not a boolean (specification profiles)', side: 'client', caps: { roots: { listChanged: 'yes' } }, expected: ['initialize/client-capabilities /c/roots/listChanged'], context: loose },
  { name: 'roots.listChanged not a boolean: the course profile reads no such member at the handshake, as its reference', side: 'client', caps: { roots: { listChanged: 'yes' } }, expected: [] },
  { name: 'unknown roots key (open)', side: 'client', caps: { roots: { subscribe: true } }, expected: [] },
  { name: 'sampling.tools not an object (specification profiles)', side: 'client', caps: { sampling: { tools: true } }, expected: ['initialize/client-capabilities /c/sampling/tools'], context: loose },
  { name: 'sampling.tools not an object: the course profile reads no such member at the handshake, as its reference', side: 'client', caps: { sampling: { tools: true } }, expected: [] },
  { name: 'elicitation as an array (specification profiles)', side: 'client', caps: { elicitation: [] }, expected: ['initialize/client-capabilities /c/elicitation'], context: loose },
  { name: 'elicitation as an array: the course profile reads no such member at the handshake, as its reference', side: 'client', caps: { elicitation: [] }, expected: [] },
  {
    name: 'client task request for a server method (open)',
    side: 'client',
    caps: { tasks: { requests: { tools: { call: {} } } } },
    expected: [],
  },
  { name: 'capabilities not an object', side: 'client', caps: 'all', expected: ['initialize/client-capabilities /c'] },
  { name: 'resources.subscribe not a boolean', side: 'server', caps: { resources: { subscribe: 1 } }, expected: ['initialize/server-capabilities /s/resources/subscribe'] },
  { name: 'tools.listChanged not a boolean (specification profiles)', side: 'server', caps: { tools: { listChanged: null } }, expected: ['initialize/server-capabilities /s/tools/listChanged'], context: loose },
  { name: 'tools.listChanged not a boolean: the course profile reads no such member at the handshake, as its reference', side: 'server', caps: { tools: { listChanged: null } }, expected: [] },
  { name: 'prompts.listChanged not a boolean (specification profiles)', side: 'server', caps: { prompts: { listChanged: 'true' } }, expected: ['initialize/server-capabilities /s/prompts/listChanged'], context: loose },
  { name: 'prompts.listChanged not a boolean: the course profile reads no such member at the handshake, as its reference', side: 'server', caps: { prompts: { listChanged: 'true' } }, expected: [] },
  { name: 'unknown server capability (an open set)', side: 'server', caps: { roots: {} }, expected: [] },
  { name: 'unknown resources key (course profile: resources is exact)', side: 'server', caps: { resources: { watch: true } }, expected: ['initialize/server-capabilities /s/resources/watch'] },
  { name: 'unknown resources key outside the course profile', side: 'server', caps: { resources: { watch: true } }, expected: [], context: loose },
  { name: 'logging not an object (specification profiles)', side: 'server', caps: { logging: true }, expected: ['initialize/server-capabilities /s/logging'], context: loose },
  { name: 'logging not an object: the course profile reads no such member at the handshake, as its reference', side: 'server', caps: { logging: true }, expected: [] },
  {
    name: 'server task request for a client method (open)',
    side: 'server',
    caps: { tasks: { requests: { sampling: { createMessage: {} } } } },
    expected: [],
  },
  { name: 'experimental entry not an object (specification profiles)', side: 'server', caps: { experimental: { x: 1 } }, expected: ['initialize/server-capabilities /s/experimental/x'], context: loose },
  { name: 'experimental entry not an object: the course profile reads no such member at the handshake, as its reference', side: 'server', caps: { experimental: { x: 1 } }, expected: [] },
];

for (const c of CAPABILITY_CASES) {
  test(`capabilities: ${c.name}`, () => {
    const out = c.side === 'client'
      ? validateClientCapabilities(c.caps, '/c', c.context ?? ctx)
      : validateServerCapabilities(c.caps, '/s', c.context ?? ctx);
    assert.equal(pairs(out), c.expected);
  });
}

test('implementation info', () => {
  assert.equal(pairs(validateImplementation(INFO, '/i', ctx)), []);
  assert.equal(pairs(validateImplementation({ name: 'x', version: '1' }, '/i', ctx)), []);
  assert.equal(pairs(validateImplementation({ name: 'x' }, '/i', ctx)), ['initialize/implementation /i/version']);
  assert.equal(pairs(validateImplementation({ name: 'x', version: 1 }, '/i', ctx)), ['initialize/implementation /i/version']);
  assert.equal(pairs(validateImplementation({ name: 'x', version: '1', vendor: 'y' }, '/i', ctx)), ['initialize/implementation /i/vendor']);
  // The course profile reads an implementation's other members not at all, as its reference; the
  // specification profiles type them (the URI formats are the course's own rules, so none there).
  assert.equal(pairs(validateImplementation({ name: 'x', version: '1', websiteUrl: 'example.com' }, '/i', ctx)), []);
  assert.equal(pairs(validateImplementation({ name: 'x', version: '1', icons: [{ src: 'i.png' }] }, '/i', ctx)), []);
  assert.equal(pairs(validateImplementation({ name: 'x', version: '1', title: 5, icons: 'x' }, '/i', ctx)), []);
  assert.equal(pairs(validateImplementation({ name: 'x', version: '1', title: 5 }, '/i', loose)), ['initialize/implementation /i/title']);
  assert.equal(pairs(validateImplementation({ name: 'x', version: '1', websiteUrl: 5 }, '/i', loose)), ['initialize/implementation /i/websiteUrl']);
  assert.equal(pairs(validateImplementation({ name: 'x', version: '1', icons: 'x' }, '/i', loose)), ['initialize/implementation /i/icons']);
});

test('initialize params', () => {
  const ok = { protocolVersion: '2025-11-25', capabilities: CLIENT_CAPS, clientInfo: INFO };
  assert.equal(pairs(init?.params?.(ok, P, ctx) ?? []), []);
  assert.equal(pairs(init?.params?.({ ...ok, _meta: { progressToken: 'p' } }, P, ctx) ?? []), [`initialize/params ${P}/_meta`], 'no _meta in the course profile');
  assert.equal(pairs(init?.params?.({ ...ok, _meta: { progressToken: 'p' } }, P, loose) ?? []), []);
  assert.equal(pairs(init?.params?.({ ...ok, clientInfo: { name: '', version: '1' } }, P, ctx) ?? []), [`initialize/implementation ${P}/clientInfo/name`]);
  assert.equal(pairs(init?.params?.({ ...ok, clientInfo: { name: '', version: '1' } }, P, loose) ?? []), []);
  // The version is not compared with the profile here; the lifecycle machine does that.
  assert.equal(pairs(init?.params?.({ ...ok, protocolVersion: '2024-11-05' }, P, ctx) ?? []), []);
  assert.equal(pairs(init?.params?.({ capabilities: {}, clientInfo: INFO }, P, ctx) ?? []), [`initialize/params ${P}/protocolVersion`]);
  assert.equal(pairs(init?.params?.({ protocolVersion: 20251125, capabilities: {}, clientInfo: INFO }, P, ctx) ?? []), [`initialize/params ${P}/protocolVersion`]);
  assert.equal(pairs(init?.params?.({ protocolVersion: '2025-11-25', clientInfo: INFO }, P, ctx) ?? []), [`initialize/params ${P}/capabilities`]);
  assert.equal(pairs(init?.params?.({ ...ok, capabilities: { tools: {} } }, P, ctx) ?? []), []);
  assert.equal(pairs(init?.params?.({ ...ok, capabilities: { roots: { listChanged: 1 } } }, P, loose) ?? []), [`initialize/client-capabilities ${P}/capabilities/roots/listChanged`]);
  assert.equal(pairs(init?.params?.({ ...ok, capabilities: { roots: { listChanged: 1 } } }, P, ctx) ?? []), [], 'the course reads client capabilities only where a feature is used');
  assert.equal(pairs(init?.params?.({ ...ok, capabilities: [] }, P, ctx) ?? []), [`initialize/client-capabilities ${P}/capabilities`]);
  assert.equal(pairs(init?.params?.({ ...ok, clientInfo: { name: 'x' } }, P, ctx) ?? []), [`initialize/implementation ${P}/clientInfo/version`]);
  assert.equal(pairs(init?.params?.({ ...ok, serverInfo: INFO }, P, ctx) ?? []), [`initialize/params ${P}/serverInfo`]);
  assert.equal(pairs(init?.params?.(undefined, P, ctx) ?? []), [`initialize/params ${P}`]);
});

test('initialize result', () => {
  const ok = { protocolVersion: '2025-11-25', capabilities: SERVER_CAPS, serverInfo: INFO, instructions: 'Be brief.' };
  assert.equal(pairs(init?.result?.(ok, R, undefined, ctx) ?? []), []);
  assert.equal(pairs(init?.result?.({ ...ok, _meta: {} }, R, undefined, ctx) ?? []), [`initialize/result ${R}/_meta`], 'no _meta in the course profile');
  assert.equal(pairs(init?.result?.({ ...ok, _meta: {} }, R, undefined, loose) ?? []), []);
  assert.equal(pairs(init?.result?.({ ...ok, instructions: 3 }, R, undefined, ctx) ?? []), [`initialize/result ${R}/instructions`]);
  assert.equal(pairs(init?.result?.({ protocolVersion: '2025-11-25', capabilities: {} }, R, undefined, ctx) ?? []), [`initialize/result ${R}/serverInfo`]);
  assert.equal(pairs(init?.result?.({ ...ok, capabilities: { tools: { listChanged: 'no' } } }, R, undefined, loose) ?? []), [
    `initialize/server-capabilities ${R}/capabilities/tools/listChanged`,
  ]);
  assert.equal(pairs(init?.result?.({ ...ok, capabilities: { tools: { listChanged: 'no' } } }, R, undefined, ctx) ?? []), [], 'the course examines only the resources capability');
  assert.equal(pairs(init?.result?.({ ...ok, capabilities: { resources: { subscribe: 'no' } } }, R, undefined, ctx) ?? []), [
    `initialize/server-capabilities ${R}/capabilities/resources/subscribe`,
  ]);
  assert.equal(pairs(init?.result?.({ ...ok, serverInfo: { version: '1' } }, R, undefined, ctx) ?? []), [`initialize/implementation ${R}/serverInfo/name`]);
});

test('notifications/initialized: params absent or {_meta?} (absent or {} in the course profile)', () => {
  const initialized = initializeMethods['notifications/initialized'];
  assert.equal(pairs(initialized?.params?.(undefined, P, ctx) ?? []), []);
  assert.equal(pairs(initialized?.params?.({}, P, ctx) ?? []), []);
  assert.equal(pairs(initialized?.params?.({ _meta: {} }, P, ctx) ?? []), [`initialize/initialized-params ${P}/_meta`]);
  assert.equal(pairs(initialized?.params?.({ _meta: {} }, P, loose) ?? []), []);
  assert.equal(pairs(initialized?.params?.({ ready: true }, P, ctx) ?? []), [`initialize/initialized-params ${P}/ready`]);
});

test.run();
