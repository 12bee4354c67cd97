import { open } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeFailure, failureDocument, failureLine } from '../../scripts/cli/failure.ts';
import { ReadError, WriteError } from '../../files/io-error.ts';
import { UsageError } from '../../scripts/cli/usage-error.ts';
import { InputError } from '../../files/input-error.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return assert.unreachable('expected a throw');
};

test('the rule suffix is added once, by the error path', () => {
  const input = describeFailure(new InputError('fixture/invalid', '/cases/0', 'x.json: invalid fixture at /cases/0: missing member "expect"'));
  assert.is(failureLine(input), 'x.json: invalid fixture at /cases/0: missing member "expect" [fixture/invalid]');
  assert.equal(failureDocument(input), { status: 'error', error: { rule: 'fixture/invalid', message: 'x.json: invalid fixture at /cases/0: missing member "expect"', pointer: '/cases/0' } });
  const json = describeFailure(thrown(() => parseStrictJson('{"a":1,"a":2}')));
  assert.is(json.rule, 'json/duplicate-key');
  assert.match(failureLine(json), /\[json\/duplicate-key\]$/);
  assert.is(failureLine(describeFailure(new ReadError('ENOENT', 'a.json'))), 'could not read "a.json": no such file or folder (ENOENT) [cli/read-failed]');
  assert.is(failureLine(describeFailure(new WriteError('ENOSPC', 'out.html'))), 'could not write "out.html": no space left on the device (ENOSPC) [cli/write-failed]');
  assert.is(describeFailure(new UsageError('cases', 'cases has no option --x')).rule, 'cli/usage');
});

test('an operating-system error from anywhere is an I/O failure without its path, never an internal error', async () => {
  let error: unknown;
  try {
    await open('/nonexistent-secret-folder/x', 'r');
  } catch (e) {
    error = e;
  }
  const described = describeFailure(error);
  assert.is(described.internal, false);
  assert.is(failureLine(described), 'could not open: no such file or folder (ENOENT) [cli/read-failed]');
  const write = describeFailure(Object.assign(new Error("EROFS: read-only file system, mkdir '/secret'"), { code: 'EROFS', syscall: 'mkdir', path: '/secret' }));
  assert.is(failureLine(write), 'could not mkdir: the file system is read-only (EROFS) [cli/write-failed]');
});

test('anything else is an internal error, with its stack only when MCP_STATECHART_DEBUG is set', () => {
  const before = process.env['MCP_STATECHART_DEBUG'];
  delete process.env['MCP_STATECHART_DEBUG'];
  try {
    const bug = describeFailure(new TypeError('x is undefined'));
    assert.is(bug.internal, true);
    assert.is(failureLine(bug), 'internal error: TypeError (set MCP_STATECHART_DEBUG=1 for details)');
    process.env['MCP_STATECHART_DEBUG'] = '1';
    assert.match(describeFailure(new TypeError('x is undefined')).message, /^internal error: TypeError: x is undefined\n\s+at /);
  } finally {
    if (before === undefined) delete process.env['MCP_STATECHART_DEBUG'];
    else process.env['MCP_STATECHART_DEBUG'] = before;
  }
});

test.run();
