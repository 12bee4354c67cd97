// Why: a server's tool schema can carry a pattern with catastrophic backtracking (`^(a+)+$`), and
// forty characters of value then block a backtracking engine for minutes. Patterns run on a
// linear-time engine, read as ECMA-262 reads them; a pattern that engine cannot run is a warning
// of the checker's own and is not run; ajv keeps no compiled schema past its instance's share.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonObject } from '../../validators/context.ts';
import { validateJsonInstance, validateJsonSchema } from '../../validators/json-schema.ts';
import { compileSafePattern, safePatternTest } from '../../validators/safe-pattern.ts';

const AT = '/message/result/tools/0/outputSchema';
const pairs = (fs: readonly { rule: string; pointer: string }[]) => fs.map((f) => `${f.rule} ${f.pointer}`);

test('a catastrophic pattern against a hostile value is judged in linear time, the value rejected', () => {
  const schema: JsonObject = { type: 'object', properties: { v: { type: 'string', pattern: '^(a+)+$' }, w: { type: 'string', pattern: '^(\\w+\\s?)*$' } } };
  assert.equal(validateJsonSchema(schema, AT), []);
  const started = performance.now();
  const value = { v: `${'a'.repeat(40)}!`, w: `${'word '.repeat(8_000)}!` };
  assert.equal(pairs(validateJsonInstance(schema, value, '/s')), ['toolschema/instance-invalid /s/v', 'toolschema/instance-invalid /s/w']);
  assert.equal(validateJsonInstance(schema, { v: 'a'.repeat(100_000), w: 'word '.repeat(8_000) }, '/s'), []);
  assert.ok(performance.now() - started < 2_000, `took ${Math.round(performance.now() - started)} ms`);
});

test('patternProperties run on the same engine', () => {
  const schema: JsonObject = { type: 'object', patternProperties: { '^(x+x+)+y$': { type: 'number' } } };
  const started = performance.now();
  assert.equal(pairs(validateJsonInstance(schema, { [`${'x'.repeat(40)}y`]: 'no' }, '')), ['toolschema/instance-type /xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxy']);
  assert.equal(validateJsonInstance(schema, { [`${'x'.repeat(40)}z`]: 'any' }, ''), []);
  assert.ok(performance.now() - started < 2_000);
});

test('patterns read as ECMA-262 reads them: dot, white space, unicode escapes, named groups', () => {
  const cases: [string, string, boolean][] = [
    ['^a.b$', 'a\u2028b', false], ['^a.b$', 'a\rb', false], ['^a.b$', 'axb', true],
    ['^\\s$', '\u00a0', true], ['^\\s$', '\ufeff', true], ['^\\S$', '\u3000', false], ['^[\\s]$', '\u2029', true],
    ['^\\u0041$', 'A', true], ['^\\u{1F600}$', '\u{1F600}', true], ['^(?<w>\\w+)$', 'hello', true],
    ['^[a-z]{2,3}-\\d+$', 'ab-12', true], ['^\\/x$', '/x', true], ['^[^\\]]$', ']', false],
  ];
  for (const [pattern, value, expected] of cases) {
    assert.is(safePatternTest(pattern, value), expected, `${pattern} on ${JSON.stringify(value)}`);
    assert.is(new RegExp(pattern, 'u').test(value), expected, `RegExp agrees on ${pattern}`);
  }
});

test('a pattern the linear-time engine cannot run is a warning at its pointer, and is not run', () => {
  const schema: JsonObject = {
    type: 'object',
    properties: { a: { type: 'string', pattern: '^(a)\\1$' }, b: { type: 'string', pattern: '^(?=x)x$' }, pattern: { type: 'string', const: 'x' } },
    patternProperties: { '^(?<!y)z$': { type: 'string' } },
    default: { pattern: '(a)\\1' },
  };
  assert.equal(pairs(validateJsonSchema(schema, AT)), [
    `toolschema/pattern-unsupported ${AT}/properties/a/pattern`,
    `toolschema/pattern-unsupported ${AT}/properties/b/pattern`,
    `toolschema/pattern-unsupported ${AT}/patternProperties/^(?<!y)z$`,
  ]);
  const finding = validateJsonSchema(schema, AT)[0];
  assert.is(finding?.severity, 'warning');
  assert.equal(validateJsonInstance(schema, { a: 'zz', b: 'y' }, ''), [], 'a pattern not run rejects nothing');
  assert.is(compileSafePattern('(a)\\1').ok, false);
  assert.is(safePatternTest('(a)\\1', 'aa'), undefined);
  assert.equal(validateJsonSchema({ type: 'string', pattern: '^[a-z]+$' }, AT), [], 'a pattern it runs draws nothing');
});

test('thousands of distinct schemas compile within a bounded heap (ajv instances are replaced)', () => {
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 3_000; i++) {
    const schema: JsonObject = { type: 'object', properties: { [`p${i}`]: { type: 'string', pattern: `^x${i}[a-z]*$`, description: 'd'.repeat(2_000) } }, required: [`p${i}`] };
    assert.equal(validateJsonInstance(schema, { [`p${i}`]: `x${i}abc` }, ''), []);
  }
  globalThis.gc?.();
  const grown = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  if (globalThis.gc !== undefined) assert.ok(grown < 35, `heap grew ${grown.toFixed(1)} MB`);
});

test.run();
