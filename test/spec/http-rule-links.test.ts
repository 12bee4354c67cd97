// Why: each http/ rule's link must point at the sentence of the transports page it rests on. The
// link is the page, a section anchor and a text fragment; this reads the page (../shared/spec/, in
// place) and checks that the section exists and that the fragment's text is in that section, as
// the page renders it (markup removed). Skipped with a message when the page is absent; a failure
// under CI.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { httpRules } from '../../validators/rules/http.ts';
import { SPEC } from '../../validators/rules/rule.ts';

const PAGE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'spec', 'docs-2025-11-25', 'basic', 'transports.mdx');

/** The text of each section of the page, by its anchor (heading lower-cased, spaces to hyphens). */
function sections(mdx: string): Map<string, string> {
  const out = new Map<string, string>();
  let anchor = '';
  for (const line of mdx.split('\n')) {
    const heading = /^#{1,6}\s+(.+)$/.exec(line);
    if (heading?.[1] !== undefined) anchor = heading[1].trim().toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
    out.set(anchor, `${out.get(anchor) ?? ''} ${line}`);
  }
  for (const [key, text] of out) out.set(key, text.replace(/\*\*|`|_/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' '));
  return out;
}

if (existsSync(PAGE)) {
  test('every http/ rule on the transports page links to a sentence that is in the section it names', () => {
    const page = sections(readFileSync(PAGE, 'utf8'));
    const wrong: string[] = [];
    for (const rule of Object.values(httpRules)) {
      if (!rule.spec.startsWith(SPEC.transports)) continue;
      const link = /^[^#]+#([a-z0-9-]+):~:text=(.+)$/.exec(rule.spec);
      if (link?.[1] === undefined || link[2] === undefined) {
        wrong.push(`${rule.id}: no section and text fragment in ${rule.spec}`);
        continue;
      }
      const text = decodeURIComponent(link[2]);
      const section = page.get(link[1]);
      if (section === undefined) wrong.push(`${rule.id}: no section #${link[1]}`);
      else if (!section.includes(text)) wrong.push(`${rule.id}: "${text}" is not in #${link[1]}`);
    }
    assert.equal(wrong, []);
  });
} else {
  if (process.env['CI']) test('the transports page is present on CI', () => assert.unreachable(`missing ${PAGE}`));
  test.skip('http/ rule links vs the transports page (../shared/spec/ not present)', () => {});
}

test.run();
