// Why: policy names are data. A principal, revision or capability called `__proto__`,
// `constructor` or `prototype` must be read and looked up like any other name, in fixtures and in
// transcript headers alike, never dropped by the schema nor found on Object.prototype.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Session, type Step } from '../../machines/session.ts';
import { parseFixture } from '../../runner/load-fixture.ts';
import { runCase } from '../../runner/run-case.ts';
import { sessionConfigFor } from '../../transcripts/transcript-header.ts';
import { headerOf } from '../../transcripts/transcript-line.ts';
import { COURSE_PROFILE, SPEC_2025_11_25 } from '../../validators/profiles.ts';

const NAMES = ['__proto__', 'constructor', 'prototype'] as const;
const R = 'https://notes.example.test/mcp';
const SCOPES = ['resources:list', 'resources:read', 'resources:subscribe'];

/** A policy text whose revision, principal and tenant are all called `name` (JSON text, so `__proto__` stays a member). */
function policyText(name: string): string {
  const n = JSON.stringify(name);
  return `{"protected_resource":"${R}","initial_revision":${n},"revisions":{${n}:{"principals":{${n}:{"tenant":${n},"scopes":${JSON.stringify(SCOPES)}}},`
    + `"resources":[{"uri":"notes://x/a","tenant":${n}}],"resourceTemplates":[{"uriTemplate":"notes://x/t/{id}","tenant":${n}}]},"other":{"principals":{},"resources":[],"resourceTemplates":[]}}}`;
}

const context = (name: string) => ({ subject: name, tenant: name, scopes: ['resources:read'], authorization_revision: name });
const read = (id: number, uri: string, name: string) => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', id, method: 'resources/read', params: { uri } }, transport_context: context(name) });

function fixtureText(name: string, capability?: string): string {
  const kase = { name: 'read', expect: 'pass', steps: [read(2, 'notes://x/a', name), read(3, 'notes://x/t/7', name)] };
  return `{"schema_version":3,"protocol_version":"2025-11-25","transport_context_defaults":{"transport":"streamable_http","token_active":true,"token_audience":"${R}","resource":"${R}"},`
    + `"authorization":${policyText(name)},"client":{"info":{"name":"c","version":"1"},"capabilities":{${capability === undefined ? '' : `"${capability}":{}`}}},`
    + `"server":{"info":{"name":"s","version":"1"},"capabilities":{"resources":{}}},"tool":{"name":"t","inputSchema":{"type":"object"}},"cases":[${JSON.stringify(kase)}]}`;
}

const HANDSHAKE: readonly Step[] = [
  { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } },
  { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { resources: {} }, serverInfo: { name: 's', version: '1' } } } },
  { direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
];

for (const name of NAMES) {
  test(`fixture: a revision, principal and tenant named ${name} are read and looked up like any name`, () => {
    const fixture = parseFixture(new TextEncoder().encode(fixtureText(name)), 'f.json');
    assert.ok(Object.hasOwn(fixture.authorization!.revisions, name), 'the revision is kept');
    // The specification profile reads templates of the policy too (the course profile wants listed resources).
    const result = runCase(fixture, fixture.cases[0]!, 0, { profile: SPEC_2025_11_25 });
    assert.equal(result, { name: 'read', status: 'passed' });
  });

  test(`fixture: a client capability named ${name} is kept, and judged like any unknown capability`, () => {
    const fixture = parseFixture(new TextEncoder().encode(fixtureText(name, name)), 'f.json');
    assert.ok(Object.hasOwn(fixture.client.capabilities, name));
    const plain = parseFixture(new TextEncoder().encode(fixtureText(name, 'someUnknownCapability')), 'f.json');
    for (const profile of [COURSE_PROFILE, SPEC_2025_11_25]) {
      const result = runCase(fixture, fixture.cases[0]!, 0, { profile });
      assert.equal(result, runCase(plain, plain.cases[0]!, 0, { profile }), profile.id);
    }
  });

  test(`transcript header: a revision, principal and tenant named ${name} are read and looked up like any name`, () => {
    const defaults = `{"transport":"streamable_http","token_active":true,"token_audience":"${R}","resource":"${R}"}`;
    const header = headerOf(JSON.parse(`{"mcp_statechart_transcript":1,"profile":"course","authorization":${policyText(name)},"transport_context_defaults":${defaults}}`));
    const session = new Session(sessionConfigFor(header));
    const steps: Step[] = [
      ...HANDSHAKE,
      read(2, 'notes://x/a', name) as Step,
      { control_event: { type: 'activate_authorization_revision', revision: 'other' } },
      { control_event: { type: 'activate_authorization_revision', revision: name } },
    ];
    for (const step of steps) assert.equal(session.feed(step), []);
  });

  test(`a principal or revision named ${name} that the policy does not define is unknown, not found on Object.prototype`, () => {
    const header = headerOf(JSON.parse(`{"mcp_statechart_transcript":1,"profile":"course","authorization":${policyText('ana')}}`));
    const session = new Session(sessionConfigFor(header));
    for (const step of HANDSHAKE) assert.equal(session.feed(step), []);
    assert.equal(session.feed({ control_event: { type: 'activate_authorization_revision', revision: name } }).map((f) => f.rule), ['auth/unknown-revision']);
    assert.throws(() => headerOf(JSON.parse(`{"mcp_statechart_transcript":1,"authorization":{"protected_resource":"${R}","initial_revision":"${name}","revisions":{}}}`)), /no revision/);
  });
}

test.run();
