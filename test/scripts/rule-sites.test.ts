import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ruleDetail } from '../../scripts/commands/rules.ts';
import { scanRuleSites } from '../../scripts/rule-sites.ts';
import { RULES } from '../../validators/rules/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const sites = scanRuleSites(ROOT, new Set(RULES.keys()));

test('every raising site names a file and line that quote the rule id', () => {
  let checked = 0;
  for (const [id, list] of Object.entries(sites.raised)) {
    assert.ok(RULES.has(id), id);
    for (const site of list) {
      const [file, line] = site.split(':') as [string, string];
      assert.ok(!file.startsWith('validators/rules/') && !file.startsWith('test/'), site);
      assert.ok(readFileSync(join(ROOT, file), 'utf8').split('\n')[Number(line) - 1]!.includes(`'${id}'`), site);
      checked++;
    }
  }
  assert.ok(checked >= RULES.size, `${checked} sites`);
});

test('every citing case is a fixture case whose expect_rule is the rule', () => {
  const byFile = new Map<string, { name: string; expect_rule?: string }[]>();
  let checked = 0;
  for (const [id, list] of Object.entries(sites.cases)) {
    for (const site of list) {
      const [file, name] = site.split('#') as [string, string];
      if (!byFile.has(file)) byFile.set(file, (JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { cases: { name: string; expect_rule?: string }[] }).cases);
      assert.is(byFile.get(file)!.find((c) => c.name === name)?.expect_rule, id, site);
      checked++;
    }
  }
  assert.ok(checked > 900, `${checked} citing cases`);
});

test('a rule shows where it is raised, the cases citing it and its link per revision', () => {
  const d = ruleDetail(RULES.get('envelope/id-type')!);
  assert.ok(d.raised.some((s) => s.startsWith('validators/envelope.ts:')), d.raised.join());
  assert.ok(d.cases.includes('fixtures/course-profile/envelope.json#envelope_boolean_id'), d.cases.join());
  assert.equal(Object.keys(d.specs), ['2025-06-18', '2025-11-25', '2026-07-28']);
  assert.is(d.specs['2025-06-18'], 'https://modelcontextprotocol.io/specification/2025-06-18/basic');
  const none = ruleDetail(RULES.get('cli/usage')!);
  assert.equal(none.cases, [], 'no fixture case cites a usage error');
});

test.run();
