import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FindingText, methodAndTarget } from '../../reports/renderers/finding-text.ts';
import { colorEnabled, styleFor } from '../../reports/renderers/style.ts';
import { RULES } from '../../validators/rules/index.ts';

const finding = {
  place: 'line 6',
  severity: 'error' as const,
  rule: 'correlation/duplicate-outstanding-id',
  pointer: '/message/id',
  message: 'request id 2 is already outstanding',
  method: 'tools/list',
};

test('one line: place, severity, method, pointer, message, rule; the spec link once per rule', () => {
  const text = new FindingText(styleFor(false), RULES);
  const spec = RULES.get(finding.rule)!.spec;
  assert.is(text.format(finding), `line 6: error: tools/list /message/id: request id 2 is already outstanding [correlation/duplicate-outstanding-id]\n  spec: ${spec}`);
  assert.is(text.format({ ...finding, place: 'line 9' }), 'line 9: error: tools/list /message/id: request id 2 is already outstanding [correlation/duplicate-outstanding-id]');
  const warning = text.format({ place: 'line 3', severity: 'warning', rule: 'lifecycle/initialize-failed', pointer: '', message: 'm' });
  assert.match(warning, /^line 3: warning: m \[lifecycle\/initialize-failed\]\n  spec: /);
});

test('the tool or resource a pointer is inside of is named after the method', () => {
  assert.is(methodAndTarget('tools/call', { kind: 'tool', name: 'echo' }), 'tools/call (tool "echo")');
  assert.is(methodAndTarget(undefined, { kind: 'resource', name: 'kb://x' }), 'resource "kb://x"');
  assert.is(methodAndTarget('ping', undefined), 'ping');
  const text = new FindingText(styleFor(false), RULES);
  assert.match(text.format({ ...finding, method: 'tools/list result', target: { kind: 'tool', name: 'echo' }, pointer: '/message/result/tools/0/inputSchema' }),
    /^line 6: error: tools\/list result \(tool "echo"\) \/message\/result\/tools\/0\/inputSchema: /);
});

test('grouped: errors first, one group per rule, the first few in full, the rest counted with the span of their places', () => {
  const text = new FindingText(styleFor(false), RULES);
  const at = (n: number | null, rule: string, severity: 'error' | 'warning') => ({ at: n, place: n === null ? 'run' : `event ${n}`, severity, rule, pointer: '', message: `m${n}` });
  const lines = text.grouped([
    at(1, 'http/sse-priming-event', 'warning'),
    at(2, 'http/sse-priming-event', 'warning'),
    at(3, 'envelope/result-and-error', 'error'),
    at(9, 'http/sse-priming-event', 'warning'),
    at(null, 'transport/timeout', 'error'),
    at(4, 'http/sse-priming-event', 'warning'),
  ], 'event', 2).filter((l) => !l.startsWith('  spec: ') && !l.includes('\n'));
  assert.equal(lines, [
    'event 2: warning: m2 [http/sse-priming-event]',
    'events 4-9: warning: 2 more http/sse-priming-event warnings (4 in all)',
  ]);
  const all = text.grouped([at(5, 'envelope/result-and-error', 'error'), at(6, 'envelope/result-and-error', 'error')], 'line', 1).join('\n');
  assert.match(all, /\nline 6: error: 1 more envelope\/result-and-error error \(2 in all\)$/);
  const first = new FindingText(styleFor(false), RULES).grouped([at(1, 'http/sse-priming-event', 'warning'), at(3, 'envelope/result-and-error', 'error'), at(null, 'transport/timeout', 'error')], 'event');
  assert.match(first[0]!, /^event 3: error: /, 'the error comes first, though found later');
  assert.match(first[1]!, /^run: error: /);
  assert.match(first[2]!, /^event 1: warning: /);
});

test('colour: ANSI codes only when enabled; NO_COLOR wins, FORCE_COLOR forces, otherwise a TTY decides', () => {
  const coloured = new FindingText(styleFor(true), RULES).format(finding);
  assert.match(coloured, /\u001b\[1;31merror\u001b\[22;39m/);
  assert.not.match(new FindingText(styleFor(false), RULES).format(finding), /\u001b/);
  const tty = { isTTY: true, hasColors: () => true };
  const pipe = { isTTY: false };
  assert.is(colorEnabled(tty, {}), true);
  assert.is(colorEnabled(pipe, {}), false);
  assert.is(colorEnabled(tty, { NO_COLOR: '1' }), false);
  assert.is(colorEnabled(tty, { NO_COLOR: '' }), true, 'an empty NO_COLOR does not count');
  assert.is(colorEnabled(pipe, { FORCE_COLOR: '1' }), true);
  assert.is(colorEnabled(tty, { FORCE_COLOR: '0' }), false);
  assert.is(colorEnabled(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }), false);
  assert.is(colorEnabled({ isTTY: true, hasColors: () => false }, {}), false);
});

test.run();
