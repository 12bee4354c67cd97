import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';
import {
  requestClientCapabilities,
  requestProtocolVersion,
  validateRequestMeta,
  validateResultMeta,
} from '../../validators/modern-meta.ts';
import { pairs } from './support.ts';

const ctx: ValidationContext = { profile: SPEC_2026_07_28, tools: new Map() };
const P = '/message/params';
const M = `${P}/_meta`;
const VERSION = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/clientInfo';
const at = (key: string) => `${M}/${key.replace(/\//g, '~1')}`;
const good = { [VERSION]: '2026-07-28', [CAPS]: {}, [INFO]: { name: 'c', version: '1' } };

function meta(value: unknown): string[] {
  return pairs(validateRequestMeta({ _meta: value }, P, ctx));
}

test('a complete _meta is clean, with the optional logLevel and progressToken', () => {
  assert.equal(meta(good), []);
  assert.equal(meta({ ...good, 'io.modelcontextprotocol/logLevel': 'debug', progressToken: 7 }), []);
  assert.is(validateRequestMeta({ _meta: good }, P, ctx).length, 0);
});

test('stateless/request-meta-missing: params, _meta and both required keys', () => {
  assert.equal(pairs(validateRequestMeta(undefined, P, ctx)), [`stateless/request-meta-missing ${P}`]);
  assert.equal(pairs(validateRequestMeta({}, P, ctx)), [`stateless/request-meta-missing ${M}`]);
  assert.equal(meta([]), [`stateless/request-meta-missing ${M}`]);
  assert.equal(meta({ [INFO]: good[INFO] }), [`stateless/request-meta-missing ${at(VERSION)}`, `stateless/request-meta-missing ${at(CAPS)}`]);
});

test('stateless/request-meta-shape: protocolVersion, logLevel and progressToken types', () => {
  assert.equal(meta({ ...good, [VERSION]: 20260728 }), [`stateless/request-meta-shape ${at(VERSION)}`]);
  assert.equal(meta({ ...good, 'io.modelcontextprotocol/logLevel': 'verbose' }), [`stateless/request-meta-shape ${at('io.modelcontextprotocol/logLevel')}`]);
  assert.equal(meta({ ...good, progressToken: 1.5 }), [`stateless/request-meta-shape ${M}/progressToken`]);
});

test('clientCapabilities and clientInfo are checked by their shape rules; a missing clientInfo warns', () => {
  assert.equal(meta({ ...good, [CAPS]: { roots: true } }), [`initialize/client-capabilities ${at(CAPS)}/roots`]);
  assert.equal(meta({ ...good, [CAPS]: { extensions: { 'io.modelcontextprotocol/tasks': {} } } }), []);
  assert.equal(meta({ ...good, [INFO]: { name: 'c' } }), [`initialize/implementation ${at(INFO)}/version`]);
  const { [INFO]: _dropped, ...withoutInfo } = good;
  const found = validateRequestMeta({ _meta: withoutInfo }, P, ctx);
  assert.equal(pairs(found), [`stateless/client-info-missing ${at(INFO)}`]);
  assert.is(found[0]?.severity, 'warning');
});

test('the declared version and capabilities are read only when well typed', () => {
  assert.is(requestProtocolVersion({ _meta: good }), '2026-07-28');
  assert.is(requestProtocolVersion({ _meta: { [VERSION]: 1 } }), undefined);
  assert.is(requestProtocolVersion(undefined), undefined);
  assert.equal(requestClientCapabilities({ _meta: { [CAPS]: { sampling: {} } } }), { sampling: {} });
  assert.is(requestClientCapabilities({ _meta: { [CAPS]: [] } }), undefined);
});

test('a result _meta serverInfo is an Implementation', () => {
  const R = '/message/result';
  assert.equal(pairs(validateResultMeta({ _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } }, R, ctx)), []);
  assert.equal(pairs(validateResultMeta({}, R, ctx)), []);
  assert.equal(pairs(validateResultMeta({ _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's' } } }, R, ctx)),
    [`initialize/implementation ${R}/_meta/io.modelcontextprotocol~1serverInfo/version`]);
});

test.run();
