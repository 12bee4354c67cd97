// Why: the discovery chart decides what server/discover declared: which protocol versions a client
// request may name, which results had to be -32022, when a -32601 to server/discover is blamed, and
// which capabilities gate later calls. Each rule with the transcript that raises it and the nearest
// one that must not.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createActor } from 'xstate';
import { discoveryMachine, type DiscoveryEvent } from '../../machines/discovery.ts';
import { isFlat } from '../../machines/flat-machine.ts';
import { GatedActor } from '../../machines/gated-actor.ts';
import type { Discovery } from '../../validators/modern-discover.ts';
import { transcript } from './transcript.ts';

const INPUT = { defaultVersion: '2026-07-28' };
const DISCOVERED: Discovery = { supportedVersions: ['2026-07-28', '2025-11-25'], capabilities: { tools: {}, prompts: { listChanged: true } } };

const request = (version: string | undefined): DiscoveryEvent => ({ type: 'request', version });
const call = (method: string, direction: 'client_to_server' | 'server_to_client' = 'client_to_server'): DiscoveryEvent => ({ type: 'call', direction, method, params: undefined });
const served = (version: string | undefined, method = 'tools/list'): DiscoveryEvent => ({ type: 'served', method, version });
const refused = (id: number, code: unknown = -32601, method = 'server/discover'): DiscoveryEvent => ({ type: 'error', id, method, code });
const answered = (method = 'tools/list', discovery: Discovery | undefined = undefined): DiscoveryEvent => ({ type: 'answered', method, discovery });
const discovered = answered('server/discover', DISCOVERED);

function run(events: readonly DiscoveryEvent[]): string[] {
  return transcript(discoveryMachine, INPUT, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
}

test('the discovery chart runs on a flat table', () => {
  assert.ok(isFlat(discoveryMachine));
});

test('undiscovered -> modern -> discovered; a later DiscoverResult replaces the first', () => {
  assert.equal(run([answered(), discovered, answered('server/discover', { supportedVersions: ['2026-07-28'], capabilities: {} })]),
    ['"modern"', '"discovered"', '"discovered"']);
  const actor = createActor(discoveryMachine, { input: INPUT }).start();
  for (const e of [discovered, answered('server/discover', { supportedVersions: ['2099-01-01'], capabilities: {} })]) actor.send(e);
  assert.equal(actor.getSnapshot().context.discovery?.supportedVersions, ['2099-01-01']);
  // A server/discover result that declares nothing (input_required, malformed) keeps what was known.
  actor.send(answered('server/discover'));
  assert.equal(actor.getSnapshot().context.discovery?.supportedVersions, ['2099-01-01']);
  actor.stop();
});

test('stateless/protocol-version-unsupported: a version outside the profile\'s, then outside the DiscoverResult\'s, in any state', () => {
  assert.equal(run([request('2025-11-25')]), ['"undiscovered" stateless/protocol-version-unsupported']);
  assert.equal(run([request('2026-07-28'), request(undefined)]), ['"undiscovered"', '"undiscovered"']);
  assert.equal(run([discovered, request('2025-11-25'), request('2025-06-18')]),
    ['"discovered"', '"discovered"', '"discovered" stateless/protocol-version-unsupported']);
  assert.equal(run([refused(1), request('1900-01-01')]), ['"refused"', '"refused" stateless/protocol-version-unsupported']);
  assert.equal(run([answered(), request('1900-01-01')]), ['"modern"', '"modern" stateless/protocol-version-unsupported']);
});

test('the warning says where the versions came from', () => {
  const warned = (events: readonly DiscoveryEvent[]) => {
    const gated = new GatedActor(discoveryMachine, INPUT);
    for (const e of events.slice(0, -1)) gated.send(e);
    const found = gated.judge(events.at(-1)!);
    gated.stop();
    return found.map((f) => `${f.severity} ${f.pointer} ${f.message}`);
  };
  assert.equal(warned([request('2025-06-18')]),
    ['warning /message/params/_meta/io.modelcontextprotocol~1protocolVersion protocol version "2025-06-18" is not one the server supports (2026-07-28)']);
  assert.equal(warned([discovered, request('2025-06-18')]),
    ['warning /message/params/_meta/io.modelcontextprotocol~1protocolVersion protocol version "2025-06-18" is not one the server supports (2026-07-28, 2025-11-25), as server/discover declared']);
});

test('stateless/unsupported-version-not-rejected: a result in a version the DiscoverResult did not list; not before discovery, not to server/discover', () => {
  assert.equal(run([discovered, served('1900-01-01')]), ['"discovered"', '"discovered" stateless/unsupported-version-not-rejected']);
  assert.equal(run([discovered, served('2025-11-25'), served(undefined)]), ['"discovered"', '"discovered"', '"discovered"']);
  assert.equal(run([discovered, served('1900-01-01', 'server/discover')]), ['"discovered"', '"discovered"']);
  assert.equal(run([served('1900-01-01'), answered(), served('1900-01-01')]), ['"undiscovered"', '"modern"', '"modern"']);
});

test('stateless/discover-not-implemented: a -32601 held until the server answers as a 2026-07-28 server', () => {
  assert.equal(run([refused(1), answered(), answered()]), ['"refused"', '"modern" stateless/discover-not-implemented', '"modern"']);
  // Refused, then implemented after all: no finding. A server/discover answer declaring nothing (its schema refuses it,
  // so a session never takes one) shows nothing either way.
  assert.equal(run([refused(1), discovered]), ['"refused"', '"discovered"']);
  assert.equal(run([refused(1), answered('server/discover')]), ['"refused"', '"refused"']);
  // Another code, another method, or a server that never answers as 2026-07-28: no finding.
  assert.equal(run([refused(1, -32603), refused(2, -32601, 'tools/list')]), ['"undiscovered"', '"undiscovered"']);
  assert.equal(run([refused(1), refused(2)]), ['"refused"', '"refused"']);
});

test('stateless/discover-not-implemented: on the refusal itself once the server showed itself modern or discovered', () => {
  assert.equal(run([answered(), refused(2)]), ['"modern"', '"modern" stateless/discover-not-implemented']);
  assert.equal(run([discovered, refused(2)]), ['"discovered"', '"discovered" stateless/discover-not-implemented']);
  assert.equal(run([answered(), refused(2, -32603)]), ['"modern"', '"modern"']);
});

test('the late finding names the refused request and the result that showed the era', () => {
  const gated = new GatedActor(discoveryMachine, INPUT);
  gated.send(refused(7));
  const found = gated.send(answered('prompts/list'));
  gated.stop();
  assert.equal(found.map((f) => `${f.severity} ${f.pointer} ${f.message}`), [
    'error /message/result/resultType the server answered server/discover (request 7 (integer)) with -32601 (method not found), yet answers prompts/list as a 2026-07-28 server (resultType); a 2026-07-28 server must implement server/discover',
  ]);
});

test('capability/server-not-declared: once discovered, calls need what the DiscoverResult declared', () => {
  assert.equal(run([discovered, call('resources/list'), call('tools/list'), call('notifications/tools/list_changed', 'server_to_client'), call('notifications/prompts/list_changed', 'server_to_client')]),
    ['"discovered"', '"discovered" capability/server-not-declared', '"discovered"', '"discovered" capability/server-not-declared', '"discovered"']);
  // Before a DiscoverResult the profile's (or the fixture's) declaration is the session's to judge, not this chart's.
  assert.equal(run([call('resources/list'), answered(), call('resources/list')]), ['"undiscovered"', '"modern"', '"modern"']);
  // The client's capabilities are not what server/discover declares: a gate on them is no finding here.
  assert.equal(run([discovered, call('sampling/createMessage', 'server_to_client')]), ['"discovered"', '"discovered"']);
});

test('judged before it is taken: a rejected event is taken at once, one that changes nothing need not be sent', () => {
  const flat = new GatedActor(discoveryMachine, INPUT);
  assert.equal(flat.checkTaking(request('2026-07-28')), { findings: [], unchanged: true });
  assert.is(flat.checkTaking(request('1900-01-01')).unchanged, false, 'a warning is raised again when taken');
  assert.is(flat.checkTaking(refused(1)).unchanged, false, 'undiscovered -> refused');
  assert.is(flat.snapshot.value, 'undiscovered', 'judging takes nothing');
  flat.send(discovered);
  const gate = flat.checkTaking(call('resources/list'));
  assert.equal(gate.findings.map((f) => f.rule), ['capability/server-not-declared']);
  assert.is(flat.snapshot.value, 'discovered');
  flat.stop();
  // An inspected actor takes every event it is meant to take, so coverage sees each transition.
  const inspected = new GatedActor(discoveryMachine, INPUT, () => {});
  assert.is(inspected.checkTaking(request('2026-07-28')).unchanged, false);
  inspected.stop();
});

test.run();
