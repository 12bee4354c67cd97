import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSecretMember, isSecretVariable, REDACTED, Redactor, secretEnvironmentValues } from '../../trace/redaction.ts';

test('secret-looking variable names in any case; member names more narrowly; the schema\'s progressToken and maxTokens are not', () => {
  for (const name of ['GITHUB_TOKEN', 'api_key', 'ClientSecret', 'DB_PASSWORD', 'aws_credentials', 'Authorization', 'x-auth', 'SSH_KEY', 'AUTH_HEADER']) assert.ok(isSecretVariable(name), name);
  for (const name of ['PATH', 'HOME', 'cursor', 'LANG']) assert.not.ok(isSecretVariable(name), name);
  for (const name of ['GITHUB_TOKEN', 'api_key', 'apiKey', 'x-api-key', 'ClientSecret', 'DB_PASSWORD', 'passwd', 'aws_credentials', 'Authorization', 'x-auth', 'auth', 'authToken', 'Cookie', 'private_key', 'accessKey']) assert.ok(isSecretMember(name), name);
  // A message's members are data: a key-value store's `key`, a book's `author`, a page's `keywords` are not secrets.
  for (const name of ['key', 'author', 'keywords', 'authority', 'progressToken', 'maxTokens', 'cursor', 'PATH']) assert.not.ok(isSecretMember(name), name);
});

test('the environment\'s secret values: by the variable\'s name, not switches or values too short to find in text', () => {
  assert.equal(secretEnvironmentValues({ PATH: '/bin', MY_TOKEN: 'tok-123', EMPTY_KEY: undefined, AUTH_ENABLED: 'true', USE_KEY: 'off', PIN_SECRET: 'abc', API_KEY: 'tok-123' }), ['tok-123']);
});

test('secrets are replaced wherever they occur, longest first; short values only under secret keys', () => {
  const r = new Redactor(['abcd', 'abcdefgh', 'x', 'a.b*c']);
  assert.is(r.text('1abcdefgh2abcd3a.b*c4x'), `1${REDACTED}2${REDACTED}3${REDACTED}4x`);
  const message = { jsonrpc: '2.0', id: 1, result: { apiKey: 'x', nested: [{ password: 'pw' }], text: 'see abcd', progressToken: 'p1', schema: { apiKey: { type: 'string' } } } };
  assert.equal(r.json(message), {
    jsonrpc: '2.0', id: 1,
    result: { apiKey: REDACTED, nested: [{ password: REDACTED }], text: `see ${REDACTED}`, progressToken: 'p1', schema: { apiKey: { type: 'string' } } },
  });
  assert.equal(message.result.apiKey, 'x', 'the input is not changed');
});

test('values learned under secret keys are redacted elsewhere too; session ids get stable placeholders', () => {
  const r = new Redactor();
  r.learn({ result: { structuredContent: { token: 'sekrit-value' } } });
  assert.is(r.text('echo sekrit-value'), `echo ${REDACTED}`);
  assert.is(r.addSessionId('f00d-1234'), 'session-1');
  assert.is(r.addSessionId('beef-5678'), 'session-2');
  assert.is(r.addSessionId('f00d-1234'), 'session-1');
  assert.equal(r.json({ headers: { 'mcp-session-id': 'beef-5678' } }), { headers: { 'mcp-session-id': 'session-2' } });
});

test('a header named by --header-env is secret under any case, however short its value', () => {
  const r = new Redactor(['ab']);
  r.addSecretName('X-Team');
  assert.equal(r.json({ headers: { 'x-team': 'ab', accept: 'ab' } }), { headers: { 'x-team': REDACTED, accept: 'ab' } });
});

test('a __proto__ member stays data', () => {
  const r = new Redactor(['abcd']);
  const out = r.json(JSON.parse('{"__proto__": {"x": "abcd"}}')) as Record<string, unknown>;
  assert.equal(Object.keys(out), ['__proto__']);
  assert.equal(Object.getOwnPropertyDescriptor(out, '__proto__')?.value, { x: REDACTED });
});

test.run();
