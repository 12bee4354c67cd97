import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { each } from './support.ts';
import { isUriTemplate, matchesUriTemplate } from '../../validators/uri-template.ts';
import { cpuMsSince } from '../support/cpu-time.ts';


test('isUriTemplate accepts absolute RFC 6570 templates only', () => {
  each(
    isUriTemplate,
    [
      'kb://tenant-a/docs/{doc_id}',
      'kb://tenant-a/{+path}',
      'kb://tenant-a/page{#section}',
      'kb://tenant-a/docs{/id,rev}',
      'kb://tenant-a/search{?q,lang}',
      'kb://tenant-a/search?fixed=1{&q}',
      'kb://{tenant}/x{.ext}{;p}',
      'kb://tenant-a/{var:3}/{list*}',
      'kb://tenant-a/no-expression',
    ],
    [
      '{scheme}://x',
      'docs/{id}',
      'kb://tenant-a/docs/{doc id}',
      'kb://tenant-a/docs/{doc_id',
      'kb://tenant-a/docs/doc_id}',
      'kb://tenant-a/docs/{}',
      'kb://tenant-a/docs/{!x}',
      'kb://tenant-a/docs/{x:0}',
      'kb://tenant a/{x}',
    ],
  );
});

test('matchesUriTemplate matches expansions and nothing else', () => {
  assert.ok(matchesUriTemplate('kb://tenant-a/docs/{doc_id}', 'kb://tenant-a/docs/intro'));
  assert.not.ok(matchesUriTemplate('kb://tenant-a/docs/{doc_id}', 'kb://tenant-a/docs/'));
  assert.not.ok(matchesUriTemplate('kb://tenant-a/docs/{doc_id}', 'kb://tenant-a/docs/a/b'));
  assert.not.ok(matchesUriTemplate('kb://tenant-a/docs/{doc_id}', 'kb://tenant-b/docs/a'));
  assert.ok(matchesUriTemplate('kb://tenant-a/{+path}', 'kb://tenant-a/a/b/c'));
  assert.ok(matchesUriTemplate('kb://t/s{?q,lang}', 'kb://t/s?q=1&lang=en'));
  assert.ok(matchesUriTemplate('kb://t/s{?q,lang}', 'kb://t/s'));
  assert.ok(matchesUriTemplate('kb://t/p{#sec}', 'kb://t/p#intro'));
  assert.ok(matchesUriTemplate('kb://t/d{/id,rev}', 'kb://t/d/7/2'));
  assert.ok(matchesUriTemplate('kb://t.x/{a}', 'kb://t.x/1'));
  assert.not.ok(matchesUriTemplate('kb://t.x/{a}', 'kb://tax/1'));
  assert.not.ok(matchesUriTemplate('kb://t/{broken', 'kb://t/{broken'));
  assert.ok(matchesUriTemplate('kb://t/plain', 'kb://t/plain'));
  assert.not.ok(matchesUriTemplate('kb://t/plain', 'kb://t/plain\u0000'));
  assert.not.ok(matchesUriTemplate('kb://t/{a}/end', 'kb://t/end'));
  assert.ok(matchesUriTemplate('kb://t/{a}/end', 'kb://t/x/end'));
  assert.ok(matchesUriTemplate('kb://t/{a}{b}', 'kb://t/xy'));
  assert.not.ok(matchesUriTemplate('kb://t/{a}{b}', 'kb://t/x'));
});

test('adversarial templates match in linear time: ten expressions in a row against 60 and 200,000 letters', () => {
  const template = 'kb://{a}{b}{c}{d}{e}{f}{g}{h}{i}{j}x';
  for (const length of [60, 200_000]) {
    const started = process.cpuUsage();
    assert.not.ok(matchesUriTemplate(template, 'kb://' + 'a'.repeat(length)));
    assert.ok(matchesUriTemplate(template, 'kb://' + 'a'.repeat(length) + 'x'));
    const ms = cpuMsSince(started);
    assert.ok(ms < 2000, `${length} letters took ${ms.toFixed(0)} ms of CPU time`);
  }
  // Literals repeated inside the URI and the template cost no rescans.
  const started = process.cpuUsage();
  const long = 'a'.repeat(100_000);
  assert.not.ok(matchesUriTemplate(`kb://{+x}${'a'.repeat(5_000)}b`, `kb://${long}`));
  assert.ok(matchesUriTemplate(`kb://{+x}${'a'.repeat(5_000)}`, `kb://${long}`));
  assert.ok(cpuMsSince(started) < 2000, 'repeated literals');
});

/**
 * The matcher's meaning as a regular expression (the definition it replaced): each operator's
 * expansion as a pattern, anchored. Backtracking is harmless on the short inputs used here.
 */
const EXPANSION_PATTERN: Readonly<Record<string, string>> = {
  '': '[^/?#]+', '+': '[^#]+', '#': '(?:#.*)?', '.': '(?:\\.[^/?#.]*)*', '/': '(?:/[^/?#]*)*', ';': '(?:;[^/?#;]*)*', '?': '(?:\\?[^#]*)?', '&': '(?:&[^#]*)*',
};

function oracle(template: string, uri: string): boolean {
  let src = '^';
  for (const part of template.split(/(\{[^}]*\})/)) {
    if (part.startsWith('{')) {
      const op = '+#./;?&'.includes(part[1]!) ? part[1]! : '';
      src += EXPANSION_PATTERN[op];
    } else {
      src += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(src + '$', 's').test(uri);
}

test('property: the linear matcher agrees with the regular-expression definition on short templates and URIs', () => {
  const alphabet = fc.constantFrom('a', 'b', '/', '?', '#', '.', ';', '&', '=');
  const expression = fc.constantFrom('{x}', '{+x}', '{#x}', '{.x}', '{/x}', '{;x}', '{?x}', '{&x}');
  const literal = fc.string({ unit: alphabet, minLength: 1, maxLength: 3 });
  const template = fc.array(fc.oneof(expression, literal), { maxLength: 5 }).map((parts) => 'kb:' + parts.join(''));
  const uri = fc.string({ unit: alphabet, maxLength: 12 }).map((rest) => 'kb:' + rest);
  fc.assert(fc.property(template, uri, (t, u) => {
    assert.is(matchesUriTemplate(t, u), oracle(t, u), `${t} against ${u}`);
  }), { numRuns: 3000 });
});

test.run();
