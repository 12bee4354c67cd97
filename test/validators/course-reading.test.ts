// Why: the course profile reads URIs, media types, URLs, roots and numbers as its reference does;
// each function holds the reference's rule, shown here both ways (the fixture cases of
// fixtures/course-profile/reference-edges.json show them through whole sessions).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareCourseNumbers, courseNumberAt, courseNumberText } from '../../validators/course-numbers.ts';
import { isCourseElicitationUrl, isCourseFileUri, isCourseMimeType, isCourseUri, isIpv6 } from '../../validators/format.ts';
import { parseStrictJson, StrictJsonError } from '../../validators/strict-json.ts';

test('isCourseUri: the RFC 3986 character set wherever it stands, paired brackets around an IPv6 or IPvFuture host, a port of digits', () => {
  for (const ok of ['https://a.test/x[1]?q[]=1', 'https://a.test/#a#b', 'https://[::1]/', 'https://[::1]x/', 'https://[v1.x]/', 'urn:x', 'x:', 'https://a.test:/', 'https://a.test:99999/', 'https://%41.test/']) {
    assert.ok(isCourseUri(ok), ok);
  }
  for (const bad of ['https://[::1/', 'https://a]b/', 'https://[zz]/', 'https://[192.0.2.1]/', 'https://a.test:8o/', 'https://a.test/%zz', 'https://a.test/a b', '1x:/', '', 'https://a.test/é', 'https://a.test/{x}']) {
    assert.not.ok(isCourseUri(bad), bad);
  }
});

test('isIpv6: the text forms of RFC 4291, an IPv4 tail and a zone', () => {
  for (const ok of ['::1', '::', '2001:db8::7', '1:2:3:4:5:6:7:8', '::ffff:192.0.2.1', 'fe80::1%25eth0', '1:2:3:4:5:6:7::']) assert.ok(isIpv6(ok), ok);
  for (const bad of ['1:2:3:4:5:6:7:8:9', '1::2::3', '12345::', '192.0.2.1', '::1%', 'g::1', '::192.0.2.256', ':1']) assert.not.ok(isIpv6(bad), bad);
});

test('isCourseFileUri: a file URI naming a location (an authority or a path)', () => {
  for (const ok of ['file:///srv', 'file:/srv', 'file:notes/dir', 'FILE:///x', 'file://host', 'file:/']) assert.ok(isCourseFileUri(ok), ok);
  for (const bad of ['file://?q', 'file://#f', 'file://', 'file:', 'file:?q', 'https://a.test/', 'file:///a b']) assert.not.ok(isCourseFileUri(bad), bad);
});

test('isCourseElicitationUrl: the https scheme in any case and a non-empty authority, nothing else examined', () => {
  for (const ok of ['https://a.test/x', 'HTTPS://a.test', 'https://@/x', 'https://:8080/', 'https://a b/', ' https://a.test', 'https://a.test/?q[]=1', 'https://a\tb/']) {
    assert.ok(isCourseElicitationUrl(ok), JSON.stringify(ok));
  }
  for (const bad of ['http://a.test/', 'https:///x', 'https:a.test', 'https', '', '//a.test/x', 'ftp://a.test/']) assert.not.ok(isCourseElicitationUrl(bad), JSON.stringify(bad));
});

test('isCourseMimeType: parameters of a name and a value free of white space in Python\'s sense', () => {
  for (const ok of ['text/plain', 'text/plain; charset=utf-8', 'text/plain;\u00a0charset=utf-8', 'text/plain;\u3000a=b', 'text/plain;\u200ba=b', 'text/plain; a=b=c', 'text/plain; ch(ar)=x', 'text/plain; a="b"', '!/#', 'text/plain; a=😀']) {
    assert.ok(isCourseMimeType(ok), JSON.stringify(ok));
  }
  for (const bad of ['text/plain;', 'text/plain; a=', 'text/plain; =b', 'text/plain; a="b c"', 'text/plain; a=b;', 'text/plain\n', ' text/plain', 'text/*', 'a/b/c', 'text/plain; a=b\u00a0', 'text/plain; a\u2028=b']) {
    assert.not.ok(isCourseMimeType(bad), JSON.stringify(bad));
  }
});

test('course numbers: an integer written plainly is exact, any other number a double; texts and comparisons as Python\'s', () => {
  const list = parseStrictJson('[100, 1e2, -0, -0.0, 1.0, 9007199254740993, 9007199254740992.0, 1.5]', { spellings: true }) as unknown[];
  const texts = list.map((_, i) => courseNumberText(courseNumberAt(list, i)!));
  assert.equal(texts, ['100', '100.0', '0', '-0.0', '1.0', '9007199254740993', '9007199254740992.0', '1.5']);
  assert.ok(compareCourseNumbers(courseNumberAt(list, 5)!, courseNumberAt(list, 6)!) > 0, '2^53+1 exceeds the double 2^53');
  assert.is(compareCourseNumbers(courseNumberAt(list, 0)!, courseNumberAt(list, 1)!), 0, '100 equals 100.0 by value');
  assert.ok(compareCourseNumbers(courseNumberAt(list, 7)!, { integer: 2n }) < 0);
  assert.is(courseNumberAt(list, 99), undefined);
});

test('an escaped unpaired surrogate: refused by default, taken with loneSurrogateEscapes; one written raw never is', () => {
  assert.throws(() => parseStrictJson('{"a":"\\ud800"}'), (e: unknown) => e instanceof StrictJsonError && e.rule === 'json/lone-surrogate');
  assert.equal(parseStrictJson('{"a":"\\ud800x","b":"\\udc00"}', { loneSurrogateEscapes: true }), { a: '\ud800x', b: '\udc00' });
  assert.throws(() => parseStrictJson('{"a":"\ud800"}', { loneSurrogateEscapes: true }), (e: unknown) => e instanceof StrictJsonError && e.rule === 'json/lone-surrogate');
  assert.throws(() => parseStrictJson(new TextEncoder().encode('{"a":"\\ud800",}'), { loneSurrogateEscapes: true }), (e: unknown) => e instanceof StrictJsonError && e.rule === 'json/trailing-comma');
});

test.run();
