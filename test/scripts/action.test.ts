import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { tempDir } from '../reports/support.ts';
import { failingTrace, traceText } from '../reports/traces.ts';

// The Action's one step is run here as GitHub would run it (bash, the arguments in an environment
// variable, GITHUB_ACTION_PATH and GITHUB_OUTPUT set), with a stand-in `npx` first on PATH that
// records the argv it gets and runs this checkout's CLI with it: no network, and the exact
// arguments the published package would receive.
const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const tmp = tempDir('action');
test.after(() => tmp.remove());

interface Step { id: string; shell: string; run: string; env: Record<string, string> }
interface Action {
  runs: { using: string; steps: Step[] };
  inputs: Record<string, { required?: boolean }>;
  outputs: Record<string, { value: string }>;
}
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;
const step = action.runs.steps[0]!;

const bin = join(tmp.dir, 'bin');
mkdirSync(bin);
const record = join(tmp.dir, 'npx-argv.json');
writeFileSync(join(bin, 'npx'), `#!${process.execPath}
const { writeFileSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.argv.slice(2)));
const run = spawnSync(process.execPath, [${JSON.stringify(CLI)}, ...process.argv.slice(4)], { stdio: 'inherit' });
process.exit(run.status === null ? 2 : run.status);
`);
chmodSync(join(bin, 'npx'), 0o755);

function runStep(argumentsInput: string, cwd: string) {
  const outputs = join(tmp.dir, `outputs-${Math.random().toString(36).slice(2)}`);
  writeFileSync(outputs, '');
  const r = spawnSync('bash', ['-c', step.run], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}`, GITHUB_ACTION_PATH: ROOT, GITHUB_OUTPUT: outputs, MCP_STATECHART_ARGUMENTS: argumentsInput },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, outputs: readOutputs(readFileSync(outputs, 'utf8')) };
}

/** Reads GITHUB_OUTPUT's `name<<DELIMITER` blocks. */
function readOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([\w-]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const end = lines.indexOf(m[2]!, i + 1);
    out[m[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return out;
}

test('action.yml: a composite action whose one bash step takes the arguments from the environment, never from the template', () => {
  assert.is(action.runs.using, 'composite');
  assert.is(action.runs.steps.length, 1);
  assert.is(step.shell, 'bash');
  assert.is(step.env['MCP_STATECHART_ARGUMENTS'], '${{ inputs.arguments }}');
  assert.not.ok(step.run.includes('${{'), 'no expression is expanded into the script text');
  assert.is(step.run, 'node "$GITHUB_ACTION_PATH/scripts/action.mjs"');
  assert.ok(action.inputs['arguments']?.required);
  for (const name of ['exit-code', 'trace', 'json-file', 'junit', 'sarif', 'html']) assert.is(action.outputs[name]?.value, `\${{ steps.${step.id}.outputs.${name} }}`, name);
});

test('shell metacharacters in the arguments reach the program verbatim and are never interpreted', () => {
  const work = join(tmp.dir, 'work');
  mkdirSync(work);
  const traceName = 'trace $(touch pwned-1) `touch pwned-2`; touch pwned-3.json';
  writeFileSync(join(work, traceName), traceText(failingTrace()));
  const args = ['report', traceName, '--html', 'out/$HOME & "quoted" \'single\'.html', '--junit', 'out/a|b>c.xml', '--sarif=out/*.sarif', '--quiet'];
  const r = runStep(JSON.stringify(args), work);
  assert.is(r.code, 1, r.stderr);
  assert.equal(JSON.parse(readFileSync(record, 'utf8')), ['--yes', `mcp-statechart@${version}`, ...args]);
  assert.match(r.stdout, /^fail: 2 errors, 1 warning;/);
  assert.equal(readdirSync(join(work, 'out')).sort(), ['$HOME & "quoted" \'single\'.html', '*.sarif', 'a|b>c.xml'].sort(), 'files named exactly as given');
  assert.equal(r.outputs, { 'html': 'out/$HOME & "quoted" \'single\'.html', 'junit': 'out/a|b>c.xml', 'sarif': 'out/*.sarif', 'exit-code': '1' });
  for (const name of ['pwned-1', 'pwned-2', 'pwned-3']) assert.not.ok(existsSync(join(work, name)), `${name}: a shell ran part of an argument`);
});

test('every kind of hostile argument is passed as one argv element; options after -- are not outputs', () => {
  const hostile = ['; touch pwned-a', '$(touch pwned-b)', '`touch pwned-c`', '|| touch pwned-d', '&& touch pwned-e', '> pwned-f', 'a b\tc', 'line\nbreak', '\'"\\', '${IFS}', '*', '~', '-', '--junit=', '\u00e9\u{1F600}'];
  const args = ['check', '--output', 'x.json', '--stdio', '--', 'server', ...hostile, '--junit', 'not-ours.xml'];
  const r = runStep(JSON.stringify(args), tmp.dir);
  assert.equal(JSON.parse(readFileSync(record, 'utf8')), ['--yes', `mcp-statechart@${version}`, ...args]);
  assert.is(r.outputs['trace'], 'x.json');
  assert.is(r.outputs['junit'], undefined, 'a server argument after -- is not the report option');
  assert.is(r.outputs['exit-code'], String(r.code));
  for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) assert.not.ok(existsSync(join(tmp.dir, `pwned-${name}`)), name);
  const injected = runStep('["report", "x"]\nMCP_STATECHART_ARGUMENTS=1', tmp.dir);
  assert.is(injected.code, 2, 'the input is one JSON document, nothing else');
});

test('arguments that are not a JSON array of strings exit 2 with a message, before anything runs', () => {
  writeFileSync(record, 'none');
  for (const [input, message] of [
    ['report trace.json', /must be a JSON array of strings/],
    ['[]', /non-empty JSON array/],
    ['["report", 1]', /arguments\[1\] is not a string/],
    ['{"0": "report"}', /non-empty JSON array/],
    ['["report", "a\\u0000b"]', /arguments\[1\] contains a NUL character/],
  ] as const) {
    const r = runStep(input, tmp.dir);
    assert.is(r.code, 2, input);
    assert.match(r.stderr, message);
    assert.is(readFileSync(record, 'utf8'), 'none', `${input}: npx did not run`);
  }
});

test.run();
