import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RULES } from '../../validators/rules/index.ts';

test('every rule id is area/kebab-slug and matches its registry key', () => {
  assert.ok(RULES.size > 0);
  for (const [id, rule] of RULES) {
    assert.is(rule.id, id);
    assert.match(id, /^[a-z0-9]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(rule.text.length > 0, id);
    assert.ok(rule.spec.length > 0, id);
  }
});

test.run();
