import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { echoedForms, isSecretMember, isSecretVariable, REDACTED, Redactor, secretArguments, secretEnvironmentValues } from '../../trace/redaction.ts';

test('secret-looking variable names in any case; member names more narrowly; the schema\'s progressToken and maxTokens are not', () => {
  for (const name of ['GITHUB_TOKEN', 'api_key', 'ClientSecret', 'DB_PASSWORD', 'aws_credentials', 'Authorization', 'x-auth', 'SSH_KEY', 'AUTH_HEADER']) assert.ok(isSecretVariable(name), name);
  for (const name of ['PATH', 'HOME', 'cursor', 'LANG']) assert.not.ok(isSecretVariable(name), name);
  for (const name of ['GITHUB_TOKEN', 'api_key', 'apiKey', 'x-api-key', 'ClientSecret', 'DB_PASSWORD', 'passwd', 'aws_credentials', 'Authorization', 'x-auth', 'auth', 'authToken', 'Cookie', 'private_key', 'accessKey']) assert.ok(isSecretMember(name), name);
  // A message's members are data: a key-value store's `key`, a book's `author`, a page's `keywords` are not secrets.
  for (const name of ['key', 'author', 'keywords', 'authority', 'progressToken', 'maxTokens', 'cursor', 'PATH']) assert.not.ok(isSecretMember(name), name);
});

test('the environment\'s secret values: by the variable\'s name, not switches or values too short to find in text', () => {
  assert.equal(secretEnvironmentValues({ PATH: '/bin', MY_TOKEN: 'tok-12345', EMPTY_KEY: undefined, AUTH_ENABLED: 'true', USE_KEY: 'off', PIN_SECRET: 'abc', SHORT_KEY: 'tok-123', API_KEY: 'tok-12345' }), ['tok-12345']);
});

test('secrets are replaced wherever they occur, longest first; short values only under secret keys', () => {
  const r = new Redactor(['abcdefgh', 'abcdefghijkl', 'x', 'a.b*c+d?e']);
  assert.is(r.text('1abcdefghijkl2abcdefgh3a.b*c+d?e4x'), `1${REDACTED}2${REDACTED}3${REDACTED}4x`);
  const message = { jsonrpc: '2.0', id: 1, result: { apiKey: 'x', nested: [{ password: 'pw' }], text: 'see abcdefgh', progressToken: 'p1', schema: { apiKey: { type: 'string' } } } };
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
  const r = new Redactor(['abcdefgh']);
  const out = r.json(JSON.parse('{"__proto__": {"x": "abcdefgh"}}')) as Record<string, unknown>;
  assert.equal(Object.keys(out), ['__proto__']);
  assert.equal(Object.getOwnPropertyDescriptor(out, '__proto__')?.value, { x: REDACTED });
});


test('a secret is found in every form it may be echoed in: JSON escapes, \\/ escapes, \\uXXXX escapes, percent-encoding, base64', () => {
  const secret = 'tok/en+value=1?x';
  const r = new Redactor([secret]);
  const forms = [
    JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
    [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`).join(''),
    encodeURIComponent(secret),
    encodeURIComponent(secret).toLowerCase(),
    Buffer.from(secret).toString('base64'),
    Buffer.from(`user:${secret}`).toString('base64'),
    Buffer.from(`ab${secret}`).toString('base64url'),
  ];
  for (const form of forms) {
    const out = r.text(`Location: https://x.invalid/?t=${form}&end`);
    assert.ok(out.includes(REDACTED), form);
    // No run of 8 characters of the encoded form is left.
    for (let i = 0; i + 8 <= form.length; i++) assert.not.ok(out.includes(form.slice(i, i + 8)) && !REDACTED.includes(form.slice(i, i + 8)), `${form} at ${i}: ${out}`);
  }
});

test('text is redacted before it is cut, and no part of a secret is left at a cut, at either end', () => {
  const secret = 'sk-0123456789abcdef';
  const r = new Redactor([secret]);
  const text = `${'a'.repeat(95)}${secret}${'b'.repeat(95)}`;
  const start = r.cut(text, 100, 'start');
  assert.ok(start.cut);
  assert.not.ok(start.text.includes('sk-0'), start.text);
  assert.ok(start.text.startsWith('a'.repeat(95)));
  const end = r.cut(text, 100, 'end');
  assert.not.ok(end.text.includes('cdef'), end.text);
  assert.ok(end.text.endsWith('b'.repeat(95)));
  assert.equal(r.cut('short text', 100), { text: 'short text', cut: false });
});

test('a server chooses no pattern: short session ids, short values under secret members and the protocol\'s own words are not searched for', () => {
  const r = new Redactor();
  assert.is(r.addSessionId('e'), 'session-1');
  r.learn({ params: { token: 'abcd', apiKey: 'tools/list', password: 'long-enough-secret' } });
  r.addSessionId('notifications/message');
  const text = 'pass: 0 errors, 0 warnings, 20 events; tools/list abcd notifications/message';
  assert.is(r.text(text), text);
  assert.is(r.text('echo long-enough-secret'), `echo ${REDACTED}`);
  // A value under a secret-looking member is replaced where it stands, however short.
  assert.equal(r.json({ token: 'abcd', method: 'tools/list' }), { token: REDACTED, method: 'tools/list' });
});

test('member names are never rewritten by what a server chose, only by what the user\'s side knows', () => {
  const r = new Redactor(['user-secret-value']);
  r.addSessionId('inputSchema-0123');
  r.learn({ token: 'serverTokenValue' });
  assert.equal(r.json({ 'inputSchema-0123': 'inputSchema-0123', serverTokenValue: 1, 'user-secret-value': 2 }), { 'inputSchema-0123': 'session-1', serverTokenValue: 1, [REDACTED]: 2 });
  assert.is(r.ownText('inputSchema-0123 serverTokenValue user-secret-value'), `inputSchema-0123 serverTokenValue ${REDACTED}`);
});

test('the values of a command\'s secret-looking options are redacted, short ones where a string is exactly them', () => {
  assert.equal(secretArguments(['node', 'server.js', '--token', 'abc', '--api-key=sk-1234567890', '--port', '8080', '-v', '--auth', '--x']), ['abc', 'sk-1234567890']);
  const r = new Redactor();
  r.addArguments(['server', '--token', 'abc', '--api-key=sk-1234567890']);
  assert.equal(r.json(['server', '--token', 'abc', '--api-key=sk-1234567890']), ['server', '--token', REDACTED, `--api-key=${REDACTED}`]);
  assert.ok(echoedForms('sk-1234567890').includes('sk-1234567890'));
});

test.run();
