import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RULES } from '../../validators/rules/index.ts';
import { ERROR_KEYWORDS, type Keyword } from '../../validators/rules/rule.ts';

/** The keywords a warning may rest on: a recommendation, a robustness probe, or the tool's own note about its run. */
const WARNING_KEYWORDS: readonly Keyword[] = ['SHOULD', 'SHOULD NOT', 'probe', 'tool'];
/** The areas that are the tool's own (its command line, its files, its matrix): they rest on no specification line. */
const TOOL_AREAS = new Set(['cli', 'fixture', 'matrix']);

test('every rule id is area/kebab-slug and matches its registry key', () => {
  assert.ok(RULES.size > 0);
  for (const [id, rule] of RULES) {
    assert.is(rule.id, id);
    assert.match(id, /^[a-z0-9]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(rule.text.length > 0, id);
    assert.ok(rule.spec.length > 0, id);
  }
});

test('every rule states the keyword it rests on, and its severity follows it: an error a requirement, a warning a recommendation or a probe', () => {
  const wrong: string[] = [];
  for (const [id, rule] of RULES) {
    const allowed = rule.severity === 'error' ? ERROR_KEYWORDS : WARNING_KEYWORDS;
    if (!allowed.includes(rule.keyword)) wrong.push(`${id}: ${rule.severity} resting on ${rule.keyword}`);
    const area = id.split('/')[0] as string;
    if (TOOL_AREAS.has(area) !== (rule.keyword === 'tool') && !(rule.keyword === 'tool' && rule.severity === 'warning')) wrong.push(`${id}: keyword ${rule.keyword} in area ${area}`);
    // auth/: the declared authorization policy of a fixture, the course's model (judged only where a policy is declared).
    if (rule.keyword === 'course' && area !== 'auth' && rule.spec !== 'offline-mcp-teaching-profile-v2' && !/course profile/i.test(rule.text)) wrong.push(`${id}: course keyword without the course link or wording`);
    if ((rule.keyword === 'SHOULD' || rule.keyword === 'SHOULD NOT') && !/should/i.test(rule.text + decodeURIComponent(rule.spec))) wrong.push(`${id}: ${rule.keyword} not named in its text or link`);
  }
  assert.equal(wrong, []);
});

test('the keywords an error may rest on exclude SHOULD, SHOULD NOT and probe', () => {
  for (const k of ['SHOULD', 'SHOULD NOT', 'probe'] as const) assert.not.ok(ERROR_KEYWORDS.includes(k), k);
});

test.run();
