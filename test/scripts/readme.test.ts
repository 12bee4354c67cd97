import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { commandHelp, programHelp } from '../../scripts/cli/help.ts';
import { COMMANDS } from '../../scripts/commands/index.ts';

const README = readFileSync(join(resolve(import.meta.dirname, '../..'), 'README.md'), 'utf8');

test('the README shows the help of the program and of every command, as the CLI prints it today', () => {
  assert.ok(README.includes(`$ mcp-statechart --help\n${programHelp(COMMANDS)}\n\`\`\``), 'the program help');
  for (const spec of COMMANDS) {
    assert.ok(README.includes(`$ mcp-statechart ${spec.name} --help\n${commandHelp(spec)}\n\`\`\``), `${spec.name} --help is missing or out of date in README.md (The CLI)`);
  }
});

test.run();
