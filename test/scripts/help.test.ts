import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMMANDS } from '../../scripts/commands/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000 });

for (const spec of COMMANDS) {
  test(`${spec.name} --help and -h: exit 0, its usage line, every option and the exit codes`, () => {
    for (const flag of ['--help', '-h']) {
      const r = run(spec.name, flag);
      assert.is(r.status, 0, r.stderr);
      assert.is(r.stderr, '');
      assert.ok(r.stdout.startsWith(`usage: mcp-statechart ${spec.name}`), r.stdout);
      for (const name of Object.keys(spec.options)) assert.match(r.stdout, `--${name}`);
      assert.match(r.stdout, /-h, --help/);
      assert.match(r.stdout, /\nexit codes: 0 /);
    }
    // Help wins over anything else on the line, even an unknown option.
    assert.is(run(spec.name, '--no-such-option', '--help').status, 0);
  });

  test(`${spec.name} with an unknown option: one plain sentence, then its usage, exit 2`, () => {
    const r = run(spec.name, '--frobnicate');
    assert.is(r.status, 2);
    assert.is(r.stdout, '');
    assert.is(r.stderr, `mcp-statechart: ${spec.name} has no option --frobnicate\n\nusage: mcp-statechart ${spec.name} ${spec.usage}\n(mcp-statechart ${spec.name} --help lists the options)\n`);
  });
}

test('the program help lists every command with its summary; no command at all is exit 2', () => {
  for (const args of [['--help'], ['-h'], ['help']]) {
    const r = run(...args);
    assert.is(r.status, 0);
    for (const spec of COMMANDS) assert.match(r.stdout, `  ${spec.name}`);
  }
  assert.is(run('help', 'validate').stdout, run('validate', '--help').stdout);
  const none = run();
  assert.is(none.status, 2);
  assert.match(none.stderr, /^usage: mcp-statechart <command>/);
});

test('an unknown command, or an option before the command: one sentence and the program usage, exit 2', () => {
  const r = run('frobnicate');
  assert.is(r.status, 2);
  assert.match(r.stderr, /^mcp-statechart: there is no command "frobnicate"\n\nusage: mcp-statechart <command>/);
  assert.match(run('--json').stderr, /^mcp-statechart: --json is not an option of mcp-statechart itself; options follow the command\n/);
});

test('--version prints the package version (bundled at build time)', () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-V']) {
    const r = run(flag);
    assert.is(r.status, 0);
    assert.is(r.stdout, `mcp-statechart ${version}\n`);
  }
  assert.match(readFileSync(join(ROOT, 'dist/cli.cjs'), 'utf8'), JSON.stringify(version));
});

test('option values: a missing value, a value on a flag, a repeated option, too many arguments: exit 2, one sentence', () => {
  const cases: [string[], string][] = [
    [['cases', '--profile'], 'option --profile needs a value (ID)'],
    [['cases', '--profile', '--json'], 'option --profile needs a value (ID)'],
    [['cases', '--json=yes'], 'option --json takes no value (got "yes")'],
    [['cases', '--profile', 'course', '--profile', 'course'], 'option --profile may be given only once'],
    [['validate'], 'validate needs one FILE'],
    [['validate', 'a', 'b'], 'validate takes at most 1 FILE argument (got 2)'],
    [['bench', 'extra'], 'bench takes no arguments (got "extra")'],
  ];
  for (const [args, sentence] of cases) {
    const r = run(...args);
    assert.is(r.status, 2, args.join(' '));
    assert.ok(r.stderr.startsWith(`mcp-statechart: ${sentence}\n\nusage: mcp-statechart ${args[0]} `), r.stderr);
  }
  // A value that starts with a dash is taken when given inline.
  assert.is(run('cases', '--profile=-x').status, 2);
  assert.match(run('cases', '--profile=-x').stderr, /unknown profile "-x"/);
});

test('--json asked for: a usage error still prints one JSON document with status "error"', () => {
  const r = run('cases', '--json', '--bogus');
  assert.is(r.status, 2);
  assert.equal(JSON.parse(r.stdout), { status: 'error', error: { rule: 'cli/usage', message: 'cases has no option --bogus' } });
});

test('rules ID shows one rule; rules AREA lists an area; an unknown one is exit 2', () => {
  const one = run('rules', 'correlation/duplicate-outstanding-id');
  assert.is(one.status, 0);
  assert.match(one.stdout, /^correlation\/duplicate-outstanding-id \(error, MUST NOT\)\n.+\nspec: https:\/\/modelcontextprotocol\.io\//);
  const json = JSON.parse(run('rules', 'lifecycle/initialize-failed', '--json').stdout) as { id: string; severity: string };
  assert.equal([json.id, json.severity], ['lifecycle/initialize-failed', 'warning']);
  const area = run('rules', 'lifecycle');
  assert.is(area.status, 0);
  const lines = area.stdout.trim().split('\n');
  assert.ok(lines.slice(0, -1).every((l) => l.startsWith('lifecycle/')));
  assert.match(lines.at(-1)!, /^\d+ rules$/);
  const none = run('rules', 'nosuch/rule');
  assert.is(none.status, 2);
  assert.match(none.stderr, /^mcp-statechart: there is no rule or rule area "nosuch\/rule"; the areas are auth, /);
});

test('rules ID from the bundle shows where the rule is raised and which cases cite it, as the sources say', async () => {
  const { ruleDetail } = await import('../../scripts/commands/rules.ts');
  const { RULES } = await import('../../validators/rules/index.ts');
  const bundled = JSON.parse(run('rules', 'envelope/id-type', '--json').stdout) as unknown;
  assert.equal(bundled, JSON.parse(JSON.stringify(ruleDetail(RULES.get('envelope/id-type')!))));
  const text = run('rules', 'envelope/id-type').stdout;
  assert.match(text, /\nraised at:\n  validators\/envelope\.ts:\d+\n/);
  assert.match(text, /\ncited by \d+ fixture cases:\n  fixtures\/course-profile\/envelope\.json#envelope_boolean_id\n/);
  assert.match(text, /\n  judged under 2025-06-18: https:\/\/modelcontextprotocol\.io\/specification\/2025-06-18\/basic\n/);
});

test.run();
