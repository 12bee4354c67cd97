import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonObject, ValidationContext } from '../../validators/context.ts';
import type { Finding } from '../../validators/finding.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { validateModernError } from '../../validators/modern-errors.ts';

const ctx: ValidationContext = { profile: SPEC_2026_07_28, tools: new Map() };
const E = '/message/error';

function request(caps: JsonObject, version = '2026-07-28'): JsonObject {
  return { _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': caps } };
}

function check(error: JsonObject, requestParams: unknown = request({})): string[] {
  return validateModernError(error, E, requestParams, ctx).map((f: Finding) => `${f.rule} ${f.pointer}`);
}

test('-32021: data.requiredCapabilities names a capability the request did not declare', () => {
  const missing = (data?: unknown) => ({ code: -32021, message: 'needs elicitation', ...(data === undefined ? {} : { data }) });
  assert.equal(check(missing({ requiredCapabilities: { elicitation: {} } })), []);
  assert.equal(check(missing({ requiredCapabilities: { elicitation: { url: {} } } }), request({ elicitation: { form: {} } })), []);
  assert.equal(check(missing()), [`stateless/missing-capability-error ${E}/data`]);
  assert.equal(check(missing({})), [`stateless/missing-capability-error ${E}/data/requiredCapabilities`]);
  assert.equal(check(missing({ requiredCapabilities: { elicitation: {} } }), request({ elicitation: { form: {} } })),
    [`stateless/missing-capability-error ${E}/data/requiredCapabilities`]);
  assert.equal(check(missing({ requiredCapabilities: { roots: true } })), [`initialize/client-capabilities ${E}/data/requiredCapabilities/roots`]);
});

test('-32021: a required capability named like an Object.prototype member is not taken as declared', () => {
  const missing = (requiredCapabilities: unknown) => ({ code: -32021, message: 'needs it', data: { requiredCapabilities } });
  for (const name of ['constructor', 'toString', '__proto__']) {
    assert.equal(check(missing(JSON.parse(`{"${name}": {}}`)), request({ roots: {} })), [], name);
  }
});

test('-32022: data.supported and data.requested, the version the request sent', () => {
  const unsupported = (data?: unknown) => ({ code: -32022, message: 'unsupported', ...(data === undefined ? {} : { data }) });
  const old = request({}, '1900-01-01');
  assert.equal(check(unsupported({ supported: ['2026-07-28'], requested: '1900-01-01' }), old), []);
  assert.equal(check(unsupported(), old), [`stateless/unsupported-version-error ${E}/data`]);
  assert.equal(check(unsupported({ requested: '1900-01-01' }), old), [`stateless/unsupported-version-error ${E}/data/supported`]);
  assert.equal(check(unsupported({ supported: ['2026-07-28'], requested: '2025-11-25' }), old), [`stateless/unsupported-version-error ${E}/data/requested`]);
});

test('other codes, -32020 included, carry no data the revision defines', () => {
  assert.equal(check({ code: -32020, message: 'header mismatch' }), []);
  assert.equal(check({ code: -32602, message: 'bad params', data: 'anything' }), []);
  assert.is(validateModernError({ code: -32601, message: 'x' }, E, undefined, ctx).length, 0);
});

test.run();
