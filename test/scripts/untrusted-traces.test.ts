// Why: a trace is an artifact someone hands over: it may be cut short, edited, inflated, built to
// break the schema, or built to steer whoever reads it. `validate` and `report` must refuse each
// one with exit 2 and one line naming the rule and the JSON Pointer: no stack trace, no local path
// that the user did not type, no report written, and nothing run.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalJson } from '../../trace/canonical-json.ts';
import { TRACE_MAX_BYTES } from '../../trace/parse-trace.ts';
import { tempDir } from '../reports/support.ts';
import { failingTrace, traceText } from '../reports/traces.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const tmp = tempDir('untrusted-traces-private-dir');
test.after(() => tmp.remove());
const dir = tmp.dir;

function cli(args: string[], input?: string | Uint8Array) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 60_000, ...(input === undefined ? {} : { input }) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const good = failingTrace();
const text = traceText(good);
const edited = (change: (t: Record<string, unknown>) => void): string => {
  const copy = JSON.parse(text) as Record<string, unknown>;
  change(copy);
  return canonicalJson(copy);
};
const deep = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** name, content, the rule (one of these) and pointer the one-line error must name. */
const CASES: [string, string | Uint8Array, string | readonly string[], string][] = [
  ['tampered-findings', canonicalJson({ ...good, findings: good.findings.slice(1) }), 'fixture/trace-tampered', '/signature'],
  ['tampered-status', canonicalJson({ ...good, status: 'pass' }), 'fixture/trace-tampered', '/status'],
  ['truncated', text.slice(0, Math.floor(text.length / 2)), 'json/syntax', ''],
  ['empty', '', ['json/empty-input', 'fixture/empty'], ''],
  ['oversized', new Uint8Array(TRACE_MAX_BYTES + 10).fill(0x20), 'json/size-limit', ''],
  ['too-deep', edited((t) => (t['options'] = JSON.parse(deep(200)) as unknown)), 'json/depth-limit', ''],
  ['schema-mode', canonicalJson({ ...good, mode: 'exec' }), 'fixture/trace-invalid', '/mode'],
  ['schema-event', edited((t) => ((t['events'] as Record<string, unknown>[])[0]!['kind'] = 'spawn')), 'fixture/trace-invalid', '/events/0/kind'],
  ['names-executable', edited((t) => ((t['options'] as Record<string, unknown>)['command'] = ['/bin/sh', '-c', 'touch pwned'])), 'fixture/trace-invalid', '/options/command'],
  ['names-url', edited((t) => ((t['options'] as Record<string, unknown>)['url'] = 'http://203.0.113.1/')), 'fixture/trace-invalid', '/options/url'],
  ['names-environment', edited((t) => ((t['target'] as Record<string, unknown>)['env'] = { LD_PRELOAD: 'x.so' })), 'fixture/trace-invalid', '/target/env'],
  ['names-cwd', edited((t) => (t['cwd'] = '/')), 'fixture/trace-invalid', '/cwd'],
  ['names-cwd-in-action', edited((t) => (t['sequence'] = { seed: 1, actions: [{ kind: 'cancel', args: { which: 'latest', cwd: '/' } }] })), 'fixture/trace-invalid', '/sequence/actions/0/args/cwd'],
  ['future-version', edited((t) => (t['mcp_statechart_trace'] = 2)), 'fixture/trace-invalid', '/mcp_statechart_trace'],
];

for (const command of ['validate', 'report'] as const) {
  test(`${command}: every untrusted trace exits 2 with one line naming the rule and place; no stack, no path, no output`, () => {
    for (const [name, content, rule, pointer] of CASES) {
      const file = `${name}.json`;
      writeFileSync(join(dir, file), content);
      const args = command === 'report' ? ['report', file, '--html', `${name}.html`, '--json-file', `${name}.report.json`] : ['validate', file, '--json'];
      const r = cli(args);
      assert.is(r.code, 2, `${command} ${name}: ${r.stdout}${r.stderr}`);
      assert.ok([rule].flat().some((one) => r.stderr.endsWith(`[${one}]\n`)), `${command} ${name}: expected [${String(rule)}], got ${r.stderr}`);
      assert.is(r.stderr.split('\n').length, 2, `${command} ${name}: one line`);
      if (pointer !== '') assert.ok(r.stderr.includes(pointer), `${command} ${name}: the pointer ${pointer} is named: ${r.stderr}`);
      assert.not.match(r.stderr, /\n\s+at |untrusted-traces-private-dir|\/tmp\//, `${command} ${name}: no stack, no path`);
      if (command === 'report') {
        assert.is(r.stdout, '');
        assert.not.ok(existsSync(join(dir, `${name}.html`)) || existsSync(join(dir, `${name}.report.json`)), `${name}: no report written`);
      }
      assert.not.ok(existsSync(join(dir, 'pwned')), 'nothing was run');
    }
  });
}

test('validate -: the same refusals for a trace on standard input', () => {
  for (const [name, content, rule] of CASES.filter(([n]) => ['tampered-findings', 'truncated', 'names-executable'].includes(n))) {
    const r = cli(['validate', '-'], content);
    assert.is(r.code, 2, `${name}: ${r.stdout}${r.stderr}`);
    assert.ok([rule].flat().some((one) => r.stderr.endsWith(`[${one}]\n`)), `${name}: expected [${String(rule)}], got ${r.stderr}`);
  }
});

test.run();
