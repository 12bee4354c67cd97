import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { each } from './support.ts';
import {
  courseUriLimit,
  base64DecodedLength,
  isAbsoluteUri,
  isBase64,
  isCanonicalBase64,
  isFileUri,
  isHttpsUrl,
  isIsoTimestamp,
  isMimeType,
  utf8ByteLength,
} from '../../validators/format.ts';


test('isAbsoluteUri accepts RFC 3986 URIs with a scheme and nothing else', () => {
  each(
    isAbsoluteUri,
    [
      'kb://tenant-a/handbook',
      'file:///D:/course/project',
      'https://example.com:8443/a/b?x=1&y=%20#frag',
      'urn:isbn:0451450523',
      'mailto:someone@example.com',
      'data:image/png;base64,iVBORw0KGgo=',
      'http://[::1]:80/',
      'http://user:pw@example.com/',
      'a:',
      'git+ssh://host/repo.git',
    ],
    [
      '',
      'relative/path',
      '/absolute/path',
      '//example.com/x',
      '1http://x',
      'kb://tenant a/handbook',
      'kb://tenant-a/hand book',
      'kb://tenant-a/%zz',
      'kb://tenant-a/%4',
      'kb://tenant-a/\u00e9',
      'kb://tenant-a/x\n',
      'http://example.com:80a/',
      'http://example.com/a#b#c',
      'http://example.com/[x]',
      'http://example.com/{id}',
      'kb:\\\\x',
    ],
  );
});

test('courseUriLimit: at most 2048 characters and a port up to 65535, as the course reference reads URIs', () => {
  const long = (n: number) => `kb://x/${'a'.repeat(n - 7)}`;
  assert.is(courseUriLimit(long(2048)), undefined);
  assert.is(courseUriLimit(long(2049)), '2049 characters, more than 2048');
  assert.is(courseUriLimit('https://h.example:65535/a'), undefined);
  assert.is(courseUriLimit('https://h.example:65536/a'), 'port 65536, beyond 65535');
  assert.is(courseUriLimit('https://user:99999@h.example/a'), undefined, 'user information is no port');
  assert.is(courseUriLimit('https://[::1]:70000/a'), 'port 70000, beyond 65535');
  assert.is(courseUriLimit('https://[::1]/a'), undefined);
  assert.is(courseUriLimit('https://h.example:/a'), undefined, 'an empty port is none');
  assert.is(courseUriLimit('urn:x:99999'), undefined, 'no authority, no port');
});

test('isFileUri and isHttpsUrl check the scheme and, for https, a host', () => {
  each(isFileUri, ['file:///D:/course/project', 'FILE:///tmp', 'file://host/share'], ['files:///x', 'kb://x', 'file:///a b']);
  each(
    isHttpsUrl,
    ['https://example.com', 'https://example.com/path?q=1', 'HTTPS://user@example.com:443/'],
    ['http://example.com', 'https://', 'https:///path', 'https://:443/', 'https://exa mple.com', 'https:example.com'],
  );
});

test('isMimeType follows RFC 6838 with parameters', () => {
  each(
    isMimeType,
    ['text/markdown', 'application/octet-stream', 'image/svg+xml', 'text/plain; charset=utf-8', 'text/plain;a="b c"', 'application/vnd.api+json'],
    ['', 'text', 'text/', '/plain', 'text/plain/x', 'text /plain', 'text/plain;', 'text/plain; charset', 'tëxt/plain'],
  );
});

test('isCanonicalBase64 demands alphabet, padding and zero pad bits', () => {
  each(isCanonicalBase64, ['', 'aGVsbG8=', 'aGVsbA==', 'aGVs', '+/+/'], ['not base64!', 'aGVsbG8', 'aGVsbG9=', 'aGVsbB==', 'aGVs bG8=', 'aGVs\nbG8=', 'aGV=sbG8', '====', 'aGVsbG8-', 'a===']);
  assert.ok(isBase64('aGVsbG9='));
  assert.not.ok(isBase64('aGVsbG8'));
});

test('base64DecodedLength and utf8ByteLength count bytes', () => {
  assert.is(base64DecodedLength(''), 0);
  assert.is(base64DecodedLength('aGVsbG8='), 5);
  assert.is(base64DecodedLength('aGVsbA=='), 4);
  assert.is(base64DecodedLength('aGVs'), 3);
  for (const s of ['', 'abc', 'é', '€', '😀', 'a😀b€é', '\ud800', '\udc00x', '\ud800\ud800']) {
    assert.is(utf8ByteLength(s), Buffer.byteLength(s, 'utf8'), JSON.stringify(s));
  }
});

test('isIsoTimestamp accepts dates and zoned date-times', () => {
  each(
    isIsoTimestamp,
    ['2025-01-12', '2025-01-12T15:00:58Z', '2025-01-12T15:00:58.123+02:00', '2024-02-29T00:00Z'],
    ['', 'yesterday', '2025-13-01', '2025-02-29', '2025-01-12T25:00:00Z', '2025-01-12T15:00:58', '2025-1-12'],
  );
});

test.run();
