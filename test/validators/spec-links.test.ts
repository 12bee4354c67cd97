import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RULES } from '../../validators/rules/index.ts';
import { COURSE } from '../../validators/rules/rule.ts';
import { SPEC_REVISIONS, specLinkFor } from '../../validators/rules/spec-links.ts';

const SPEC = resolve(import.meta.dirname, '../../../shared/spec');
const LINK = /^https:\/\/modelcontextprotocol\.io\/specification\/([^/]+)\/([^#?]*)(?:#([^:]*))?(?::~:text=(.*))?$/;

/** GitHub-style heading anchors, as the specification site makes them. */
const slug = (heading: string): string => heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').trim().replace(/ /g, '-');

function page(revision: string, path: string): string | undefined {
  const file = [join(SPEC, `docs-${revision}`, `${path}.mdx`), join(SPEC, `docs-${revision}`, path, 'index.mdx')].find((f) => existsSync(f));
  return file === undefined ? undefined : readFileSync(file, 'utf8');
}

/** Why the link does not resolve in the stored pages, or undefined when it does. */
function unresolved(link: string): string | undefined {
  const m = LINK.exec(link);
  if (m === null) return undefined;
  const [, revision, path, anchor, text] = m as unknown as [string, string, string, string | undefined, string | undefined];
  if (path === 'schema') return existsSync(join(SPEC, `schema-${revision}.json`)) ? undefined : 'no schema';
  const source = page(revision, path);
  if (source === undefined) return 'no such page';
  if (anchor !== undefined && anchor !== '' && ![...source.matchAll(/^#+ (.*)$/gm)].some((h) => slug(h[1] as string) === anchor)) return `no heading #${anchor}`;
  if (text !== undefined && !source.replace(/[*`_]/g, '').replace(/\s+/g, ' ').includes(decodeURIComponent(text))) return 'no such line';
  return undefined;
}

test('every rule links a page, heading and line that exist in each revision judged', () => {
  const broken: string[] = [];
  for (const revision of SPEC_REVISIONS) {
    for (const rule of RULES.values()) {
      const link = specLinkFor(rule, revision);
      const why = unresolved(link);
      if (why !== undefined) broken.push(`${rule.id} under ${revision}: ${link} (${why})`);
    }
  }
  assert.equal(broken, []);
});

test('a rule judged under 2025-06-18 or 2026-07-28 links that revision where it has the page', () => {
  const rule = RULES.get('envelope/id-type')!;
  assert.is(specLinkFor(rule, '2025-06-18'), 'https://modelcontextprotocol.io/specification/2025-06-18/basic');
  assert.is(specLinkFor(rule, '2026-07-28'), 'https://modelcontextprotocol.io/specification/2026-07-28/basic');
  assert.is(specLinkFor(rule, '2025-11-25'), rule.spec);
  assert.is(specLinkFor(rule, 'course'), rule.spec, 'not a revision: the link as written');
  assert.is(specLinkFor(rule, undefined), rule.spec);
  const cancel = RULES.get('cancellation/unknown-request');
  if (cancel !== undefined) assert.match(specLinkFor(cancel, '2026-07-28'), /\/2026-07-28\/basic\/patterns\/cancellation$/);
  const moved = [...RULES.values()].filter((r) => r.spec.includes('/2025-11-25/basic/utilities/progress'));
  assert.ok(moved.length > 0);
  for (const r of moved) assert.is(specLinkFor(r, '2026-07-28'), 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/progress');
});

test('a line a revision lacks keeps the link to the revision that has it', () => {
  const priming = RULES.get('http/sse-priming-event')!;
  assert.is(specLinkFor(priming, '2025-06-18'), priming.spec);
  assert.ok(unresolved(priming.spec.replace('/2025-11-25/', '/2025-06-18/')) !== undefined, 'the 2025-06-18 page really lacks the line');
});

test('a 2026-07-28 session cites 2026-07-28 pages alone: no rule links a page of an earlier revision under it', () => {
  const older = [...RULES.values()].map((r) => `${r.id}: ${specLinkFor(r, '2026-07-28')}`).filter((l) => /\/specification\/(2025-06-18|2025-11-25)\//.test(l));
  assert.equal(older, []);
  const lifecycle = [...RULES.values()].find((r) => r.spec === 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle')!;
  assert.is(specLinkFor(lifecycle, '2026-07-28'), 'https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning', 'no lifecycle page: the versioning page');
  assert.is(specLinkFor(RULES.get('correlation/unanswered-request')!, '2026-07-28'), 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation#timeouts');
  assert.is(specLinkFor(RULES.get('probe/answer-to-reused-id')!, '2026-07-28'), 'https://modelcontextprotocol.io/specification/2026-07-28/basic', 'a line the page lacks: the page itself');
});

test('course rules link a section of the course page, never a bare profile name', () => {
  const sections = new Set<string>(Object.values(COURSE));
  const course = [...RULES.values()].filter((r) => r.spec.includes('AI-Agent-Engineer'));
  assert.ok(course.length >= 30, `${course.length} course rules`);
  for (const r of course) assert.ok(sections.has(r.spec), `${r.id}: ${r.spec}`);
  for (const r of RULES.values()) assert.ok(/^(https?:\/\/|README\.md#|docs\/)/.test(r.spec), `${r.id} links ${r.spec}`);
});

test.run();
