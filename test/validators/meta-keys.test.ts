// Why: 2026-07-28, basic, General fields, `_meta`, Key name format: a prefix "MUST be a series of
// labels separated by dots (.), followed by a slash (/)", "Labels MUST start with a letter and end
// with a letter or digit"; a name "Unless empty, MUST begin and end with an alphanumeric character".
// versioning, Extension Negotiation: "Extension identifiers MUST follow the _meta key naming rules,
// with a mandatory prefix". Each broken key is one error at its own pointer.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkExtensionIds, checkMetaKeys, validateRequestMeta, validateResultMeta } from '../../validators/modern-meta.ts';
import { validateDiscoverResult } from '../../validators/modern-discover.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';

const ctx = { profile: SPEC_2026_07_28, tools: new Map() };
const at = (found: readonly { rule: string; pointer: string }[]) => found.map((f) => `${f.rule} ${f.pointer}`);

test('well-formed keys: reverse DNS, reserved MCP prefixes, an empty name, no prefix, the OpenTelemetry keys', () => {
  const meta = { 'com.example/request-id': 1, 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'org.modelcontextprotocol.api/x': 1, 'com.example/': 1, 'a': 1, 'my_app.v2': 1, 'progressToken': 1, 'traceparent': 1, 'tracestate': 1, 'baggage': 1, 'a-b/c': 1 };
  assert.equal(checkMetaKeys(meta, '/m'), []);
});

test('each malformed key is stateless/meta-key at its pointer', () => {
  const bad = ['1abc/x', 'abc-/x', 'a..b/x', '.a/x', 'com.example/-x', 'com.example/x.', 'com.example/a b', 'com.example/a/b', '/x', 'com.example/é', '-lead'];
  for (const key of bad) assert.equal(at(checkMetaKeys({ [key]: 1 }, '/m')), [`stateless/meta-key /m/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`], key);
});

test('extension identifiers need the prefix: unprefixed or malformed ones are stateless/extension-id', () => {
  assert.equal(checkExtensionIds({ extensions: { 'io.modelcontextprotocol/ui': {}, 'com.example/feature': {}, 'com.example/': {} } }, '/c'), []);
  assert.equal(at(checkExtensionIds({ extensions: { ui: {}, '9x/y': {} } }, '/c')), ['stateless/extension-id /c/extensions/ui', 'stateless/extension-id /c/extensions/9x~1y']);
  assert.equal(checkExtensionIds({}, '/c'), []);
});

test('reached from a request _meta, a result _meta and a server/discover result', () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': { extensions: { ui: {} } }, 'bad key': 1 };
  assert.equal(at(validateRequestMeta({ _meta: meta }, '/p', ctx)).sort(), ['stateless/extension-id /p/_meta/io.modelcontextprotocol~1clientCapabilities/extensions/ui', 'stateless/meta-key /p/_meta/bad key']);
  assert.equal(at(validateResultMeta({ _meta: { 'x/-': 1 } }, '/r', ctx)), ['stateless/meta-key /r/_meta/x~1-']);
  assert.equal(at(validateResultMeta({ _meta: { 'x/y': 1 } }, '/r', ctx)), []);
  const discover = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { extensions: { tasks: {} } }, ttlMs: 0, cacheScope: 'public' };
  assert.ok(at(validateDiscoverResult(discover, '/r', {}, ctx)).includes('stateless/extension-id /r/capabilities/extensions/tasks'));
  assert.not.ok(at(validateDiscoverResult({ ...discover, capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } }, '/r', {}, ctx)).some((f) => f.startsWith('stateless/extension-id')));
});

test.run();
