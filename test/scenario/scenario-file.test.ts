// Why: a scenario file is read strictly, so a typo never turns an expectation off: each bad file
// is refused with cli/scenario-invalid and the JSON Pointer of the bad member; JSON and YAML of
// the same structure read alike; a snapshot rewrite changes the steps' expect members alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InputError } from '../../files/input-error.ts';
import { readScenario } from '../../scenario/scenario-format.ts';
import { parseScenarioText, snapshotText } from '../../scenario/scenario-file.ts';

const BAD: readonly { name: string; document: unknown; pointer: string }[] = [
  { name: 'not an object', document: [], pointer: '' },
  { name: 'an unknown top-level member', document: { name: 'n', steps: [{ ping: true }], step: [] }, pointer: '/step' },
  { name: 'no name', document: { steps: [{ ping: true }] }, pointer: '/name' },
  { name: 'no steps', document: { name: 'n', steps: [] }, pointer: '/steps' },
  { name: 'a step naming two requests', document: { name: 'n', steps: [{ ping: true }, { call: 'a', read: 'b' }] }, pointer: '/steps/1' },
  { name: 'a step naming none', document: { name: 'n', steps: [{ expect: { result: {} } }] }, pointer: '/steps/0' },
  { name: 'a misspelt member', document: { name: 'n', steps: [{ call: 'a', argumnets: {} }] }, pointer: '/steps/0/argumnets' },
  { name: 'call arguments not an object', document: { name: 'n', steps: [{ call: 'a', arguments: [] }] }, pointer: '/steps/0/arguments' },
  { name: 'a prompt argument not a string', document: { name: 'n', steps: [{ prompt: 'p', arguments: { city: 3 } }] }, pointer: '/steps/0/arguments/city' },
  { name: 'an unknown list', document: { name: 'n', steps: [{ list: 'roots' }] }, pointer: '/steps/0/list' },
  { name: 'expect with both result and error', document: { name: 'n', steps: [{ ping: true, expect: { result: {}, error: {} } }] }, pointer: '/steps/0/expect/error' },
  { name: 'expect with neither', document: { name: 'n', steps: [{ ping: true, expect: { results: {} } }] }, pointer: '/steps/0/expect/results' },
  { name: 'an expected result not an object', document: { name: 'n', steps: [{ ping: true, expect: { result: 1 } }] }, pointer: '/steps/0/expect/result' },
  { name: 'an ignore entry not a pointer', document: { name: 'n', steps: [{ ping: true, ignore: ['/ok', 'tools/0'] }] }, pointer: '/steps/0/ignore/1' },
  { name: 'an ignore pointer with a bad escape', document: { name: 'n', steps: [{ ping: true, ignore: ['/a~2'] }] }, pointer: '/steps/0/ignore/0' },
];

for (const c of BAD) {
  test(`a bad scenario is refused at its pointer: ${c.name}`, () => {
    try {
      readScenario(c.document);
      assert.unreachable('read');
    } catch (error) {
      assert.instance(error, InputError);
      assert.is((error as InputError).rule, 'cli/scenario-invalid');
      assert.is((error as InputError).pointer, c.pointer);
    }
  });
}

test('a good scenario: each kind of step becomes its request, labelled for people', () => {
  const s = readScenario({ name: 'all', steps: [
    { call: 'forecast', arguments: { city: 'Paris' }, expect: { result: { structuredContent: { unit: 'C' } } } },
    { read: 'weather://Paris/today' },
    { prompt: 'daily_brief', arguments: { city: 'Paris' } },
    { list: 'resourceTemplates', cursor: 'c1' },
    { complete: { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } } },
    { ping: true, expect: { error: { code: -32601 } }, ignore: ['/message'] },
  ] });
  assert.equal(s.steps.map((x) => [x.method, x.label]), [
    ['tools/call', 'call forecast'], ['resources/read', 'read weather://Paris/today'], ['prompts/get', 'prompt daily_brief'],
    ['resources/templates/list', 'list resourceTemplates'], ['completion/complete', 'complete'], ['ping', 'ping'],
  ]);
  assert.equal(s.steps[0]!.params, { name: 'forecast', arguments: { city: 'Paris' } });
  assert.equal(s.steps[3]!.params, { cursor: 'c1' });
  assert.equal(s.steps[5]!.ignore, ['/message']);
});

const YAML = `# the desk's basics
name: desk
steps:
  - call: echo            # the one tool
    arguments: { text: hi }
    expect:
      result:
        content: [{ type: text, text: old }]
  - ping: true
`;

test('YAML and JSON of one structure read alike; strict JSON and YAML errors are refused with the rule', () => {
  const yaml = parseScenarioText(YAML, 'yaml').scenario;
  const json = parseScenarioText(JSON.stringify({ name: 'desk', steps: [{ call: 'echo', arguments: { text: 'hi' }, expect: { result: { content: [{ type: 'text', text: 'old' }] } } }, { ping: true }] }), 'json').scenario;
  assert.equal(yaml, json);
  for (const [text, format, pointer] of [['{"name":"a","name":"b","steps":[]}', 'json', '/name'], ['name: a\nname: b\n', 'yaml', ''], ['steps: [\n', 'yaml', '']] as const) {
    try {
      parseScenarioText(text, format);
      assert.unreachable(text);
    } catch (error) {
      assert.instance(error, InputError);
      assert.is((error as InputError).rule, 'cli/scenario-invalid', text);
      assert.is((error as InputError).pointer, pointer, text);
    }
  }
});

test('a YAML alias bomb is refused, not expanded', () => {
  const bomb = ['name: b', 'a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`), 'steps: [*i]'].join('\n');
  try {
    parseScenarioText(bomb, 'yaml');
    assert.unreachable('expanded');
  } catch (error) {
    assert.instance(error, InputError);
  }
});

test('a snapshot rewrite changes the expect members alone: YAML stays YAML with its comments; JSON keeps the other members and their order', () => {
  const yaml = parseScenarioText(YAML, 'yaml');
  const text = snapshotText({ format: 'yaml', document: yaml.document }, new Map([[0, { result: { content: [{ text: 'hi', type: 'text' }] } }], [1, { result: {} }]]));
  assert.match(text, /^# the desk's basics\nname: desk\n/);
  assert.match(text, /# the one tool/);
  assert.equal(parseScenarioText(text, 'yaml').scenario.steps.map((s) => s.expect), [{ result: { content: [{ text: 'hi', type: 'text' }] } }, { result: {} }]);
  const json = parseScenarioText('{"steps":[{"ping":true,"description":"alive"}],"name":"n"}', 'json');
  assert.is(snapshotText({ format: 'json', document: json.document }, new Map([[0, { result: {} }]])), '{\n  "steps": [\n    {\n      "ping": true,\n      "description": "alive",\n      "expect": {\n        "result": {}\n      }\n    }\n  ],\n  "name": "n"\n}\n');
});

test.run();
