// valibot's record and object schemas accept arrays, so a position the schema types as a JSON
// object must say so first (MetaSchema); each case puts an array where an object belongs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validateClientCapabilities, validateServerCapabilities } from '../../validators/capabilities-shape.ts';
import type { ValidationContext } from '../../validators/context.ts';
import type { Finding } from '../../validators/finding.ts';
import { methodTable } from '../../validators/methods.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { ctx, loose, pairs } from './support.ts';

const stateless: ValidationContext = { profile: SPEC_2026_07_28, tools: new Map() };
const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

function validators(c: ValidationContext, method: string) {
  const found = methodTable(c.profile).get(method)?.validators;
  assert.ok(found, method);
  return found;
}

function errors(found: readonly Finding[]): string[] {
  return pairs(found.filter((f) => f.severity === 'error'));
}

const CASES: ReadonlyArray<{ name: string; run: (c: ValidationContext) => readonly Finding[]; contexts: readonly ValidationContext[]; expected: string }> = [
  {
    name: 'client capabilities experimental',
    run: (c) => validateClientCapabilities({ experimental: [] }, '', c),
    // The course profile reads no client capability member at the handshake (as its reference).
    contexts: [loose],
    expected: 'initialize/client-capabilities /experimental',
  },
  {
    name: 'server capabilities experimental',
    run: (c) => validateServerCapabilities({ experimental: [{}] }, '', c),
    // Of the server's capabilities the course profile examines resources alone (as its reference).
    contexts: [loose],
    expected: 'initialize/server-capabilities /experimental',
  },
  {
    name: 'client capabilities',
    run: (c) => validateClientCapabilities([], '/c', c),
    contexts: [ctx, loose],
    expected: 'initialize/client-capabilities /c',
  },
  {
    name: 'server capabilities resources',
    run: (c) => validateServerCapabilities({ resources: [] }, '', c),
    contexts: [ctx, loose],
    expected: 'initialize/server-capabilities /resources',
  },
  {
    name: 'elicitation requestedSchema properties',
    run: (c) => validators(c, 'elicitation/create').params!({ message: 'm', requestedSchema: { type: 'object', properties: [] } }, '/params', c),
    contexts: [ctx, loose],
    expected: 'elicitation/requested-schema /params/requestedSchema/properties',
  },
  {
    name: 'sampling model hint',
    run: (c) => validators(c, 'sampling/createMessage').params!(
      { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5, modelPreferences: { hints: [[]] } }, '/params', c),
    contexts: [ctx, loose],
    expected: 'sampling/params /params/modelPreferences/hints/0',
  },
  {
    name: 'subscriptions/listen notifications filter',
    run: (c) => validators(c, 'subscriptions/listen').params!({ _meta: meta, notifications: [] }, '/params', c),
    contexts: [stateless],
    expected: 'stateless/listen-params /params/notifications',
  },
  {
    name: 'input_required inputRequests',
    run: (c) => validators(c, 'tools/call').result!({ resultType: 'input_required', inputRequests: [] }, '/result', { name: 't', _meta: meta }, c),
    contexts: [stateless],
    expected: 'stateless/input-required-shape /result/inputRequests',
  },
  {
    name: 'retry inputResponses',
    run: (c) => validators(c, 'tools/call').params!({ name: 't', _meta: meta, inputResponses: [] }, '/params', c),
    contexts: [stateless],
    expected: 'stateless/input-responses-shape /params/inputResponses',
  },
];

for (const { name, run, contexts, expected } of CASES) {
  test(`${name}: an array is not a JSON object`, () => {
    for (const c of contexts) assert.ok(errors(run(c)).includes(expected), `${c.profile.id}: ${errors(run(c)).join(', ') || 'no error'}`);
  });
}

test.run();
