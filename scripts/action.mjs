// Why: the GitHub Action (action.yml) runs the CLI with arguments the workflow gives as a JSON
// array, never as a shell string: the array is parsed here and passed to the program as argv, so
// no character in an argument ($, `, ;, quotes, spaces) is ever interpreted by a shell. The CLI is
// the published package of the action's own version (npx --yes mcp-statechart@VERSION), and the
// report paths the arguments name become the step's outputs.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** Options whose value is a file the action exposes as an output, and the output's name. */
const OUTPUT_OPTIONS = { '--output': 'trace', '--json-file': 'json-file', '--junit': 'junit', '--sarif': 'sarif', '--html': 'html' };

function fail(message) {
  process.stderr.write(`mcp-statechart action: ${message}\n`);
  process.exit(2);
}

/** The arguments: a JSON array of strings (at least the command). */
function parseArguments(text) {
  let value;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    fail('the arguments input must be a JSON array of strings, e.g. ["report", "trace.json", "--junit", "report.xml"]');
  }
  if (!Array.isArray(value) || value.length === 0) fail('the arguments input must be a non-empty JSON array of strings');
  value.forEach((item, i) => {
    if (typeof item !== 'string') fail(`arguments[${i}] is not a string`);
    if (item.includes('\0')) fail(`arguments[${i}] contains a NUL character`);
  });
  return value;
}

/** The report and trace paths the arguments name (options before a `--`), by output name. */
function outputPaths(args) {
  const found = {};
  const end = args.indexOf('--');
  const own = end === -1 ? args : args.slice(0, end);
  own.forEach((arg, i) => {
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const output = Object.hasOwn(OUTPUT_OPTIONS, name) ? OUTPUT_OPTIONS[name] : undefined;
    if (output === undefined) return;
    const value = eq === -1 ? own[i + 1] : arg.slice(eq + 1);
    if (value !== undefined) found[output] = value;
  });
  return found;
}

/** Appends `name=value` to the step's outputs file, in the multi-line form so no value can break out. */
function setOutput(name, value) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  let delimiter;
  do delimiter = `mcp_statechart_${randomBytes(12).toString('hex')}`;
  while (value.includes(delimiter));
  appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

if (process.platform === 'win32') fail('this action runs on Linux and macOS runners');
if (Number(process.versions.node.split('.')[0]) < 20) fail(`Node.js 20 or later is needed (the runner has ${process.version})`);
const actionPath = process.env.GITHUB_ACTION_PATH ?? join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(actionPath, 'package.json'), 'utf8'));
const args = parseArguments(process.env.MCP_STATECHART_ARGUMENTS);
for (const [name, path] of Object.entries(outputPaths(args))) setOutput(name, path);
const child = spawn('npx', ['--yes', `mcp-statechart@${version}`, ...args], { stdio: 'inherit', shell: false });
child.on('error', (error) => fail(`could not start npx: ${error.code ?? error.message}`));
child.on('exit', (code, signal) => {
  const exitCode = code ?? (signal ? 2 : 0);
  setOutput('exit-code', String(exitCode));
  process.exit(exitCode);
});
