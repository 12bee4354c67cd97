// Why: most CI systems show test results from JUnit XML. Each rule the run exercised is a test
// case (one suite per rule area): it fails when the rule has findings, is skipped when every
// finding of it is an expected failure, and passes otherwise; each step of a check's scenarios is
// a test case too (suite scenario-N). The run itself is a test case that
// errs when the run could not complete, and each stale expected failure is a failing test case.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { areaOf, exercisedRules } from './exercised-rules.ts';
import { targetLabel } from './event-label.ts';
import { oneLine, visibleControls } from './output-text.ts';
import type { ReportFinding, ReportModel, StaleEntry } from './report-model.ts';
import { ruleById } from '../validators/rules/index.ts';
import { scenarioCases } from './scenario-cases.ts';

const PREFIX = 'mcp-statechart';

interface Case {
  readonly name: string;
  readonly outcome?: { readonly element: 'failure' | 'error' | 'skipped'; readonly type?: string; readonly message: string; readonly body?: string };
}

/** The JUnit XML report (UTF-8, no timestamps or durations): suites `run`, one per rule area, `expected-failures`. */
export function junitReport(model: ReportModel): string {
  const suites = new Map<string, Case[]>();
  const add = (suite: string, c: Case) => {
    const list = suites.get(suite);
    if (list) list.push(c);
    else suites.set(suite, [c]);
  };
  add('run', runCase(model));
  for (const rule of exercisedRules(model)) add(areaOf(rule), ruleCase(model, rule));
  for (const step of scenarioCases(model)) {
    add(step.suite, { name: step.name, ...(step.failure === undefined ? {} : { outcome: { element: 'failure', type: 'error', ...step.failure } }) });
  }
  if (model.expected.length > 0) {
    for (const entry of model.stale) add('expected-failures', staleCase(entry));
    if (model.stale.length === 0) add('expected-failures', { name: `all ${model.expected.length} entries still occur` });
  }

  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: (c: string) => visibleControls(c) });
  const all = [...suites.values()].flat();
  const root = doc.ele('testsuites', { name: PREFIX, ...totals(all) });
  const run = root.ele('testsuite', { name: `${PREFIX}.run`, ...totals(suites.get('run') ?? []) });
  const properties = run.ele('properties');
  for (const [name, value] of runProperties(model)) properties.ele('property', { name, value: attr(value) });
  writeCases(run, 'run', suites.get('run') ?? []);
  for (const [suite, cases] of [...suites].filter(([name]) => name !== 'run')) {
    writeCases(root.ele('testsuite', { name: `${PREFIX}.${suite}`, ...totals(cases) }), suite, cases);
  }
  return doc.end({ prettyPrint: true, wellFormed: true }) + '\n';
}

function writeCases(suite: XMLBuilder, name: string, cases: readonly Case[]): void {
  for (const c of cases) {
    const testcase = suite.ele('testcase', { classname: `${PREFIX}.${name}`, name: attr(c.name) });
    if (!c.outcome) continue;
    const { element, type, message, body } = c.outcome;
    const node = testcase.ele(element, { message: attr(message), ...(type === undefined ? {} : { type }) });
    if (body !== undefined) node.txt(xmlText(visibleControls(body)));
  }
}

function totals(cases: readonly Case[]): Record<string, string> {
  const count = (element: string) => String(cases.filter((c) => c.outcome?.element === element).length);
  return { tests: String(cases.length), failures: count('failure'), errors: count('error'), skipped: count('skipped') };
}

function runProperties(model: ReportModel): [string, string][] {
  const { trace } = model;
  return [
    ['status', model.status],
    ['generator', trace.generator],
    ['mode', trace.mode],
    ['target', targetLabel(trace.target)],
    ['profile', trace.profile],
    ['protocol_version', trace.protocol_version ?? 'none'],
    ['signature', trace.signature],
  ];
}

function runCase(model: ReportModel): Case {
  const name = 'run completed';
  if (model.trace.status !== 'error') return { name };
  const why = model.trace.error ?? 'the run could not complete';
  return { name, outcome: { element: 'error', type: 'run-error', message: why, body: why } };
}

function ruleCase(model: ReportModel, rule: string): Case {
  const findings = model.findings.filter((f) => f.rule === rule);
  const unexpected = findings.filter((f) => f.expectedBy === null);
  if (findings.length === 0) return { name: rule };
  if (unexpected.length === 0) {
    const reasons = [...new Set(findings.map((f) => model.expected[f.expectedBy!]?.reason ?? ''))];
    return { name: rule, outcome: { element: 'skipped', message: `expected failure (${count(findings.length, 'finding')}): ${reasons.join('; ')}`, body: findings.map((f) => describe(f)).join('\n') } };
  }
  const severity = unexpected.some((f) => f.severity === 'error') ? 'error' : 'warning';
  const expectedNote = findings.length > unexpected.length ? `; ${findings.length - unexpected.length} more expected` : '';
  return {
    name: rule,
    outcome: {
      element: 'failure',
      type: severity,
      message: `${count(unexpected.length, severity)}${expectedNote}: ${unexpected[0]!.message}`,
      body: findings.map((f) => describe(f)).join('\n'),
    },
  };
}

function staleCase(entry: StaleEntry): Case {
  const where = [entry.method, entry.pointer, entry.event === undefined ? undefined : `event ${entry.event}`].filter((x) => x !== undefined).join(' ');
  const name = `stale: ${entry.rule}${where ? ` ${where}` : ''}`;
  const message = `entry ${entry.index} (${entry.reason}) matched no finding: remove it`;
  return { name, outcome: { element: 'failure', type: ruleById('fixture/expected-failure-stale').id, message, body: message } };
}

/** One finding as a line of a failure's text. */
function describe(f: ReportFinding): string {
  const at = f.event === null ? 'run' : `event ${f.event}`;
  const place = [f.direction, f.method].filter((x) => x !== null).join(' ');
  const expected = f.expectedBy === null ? '' : ' (expected)';
  return `${f.severity} ${at}${place ? ` (${place})` : ''} ${f.pointer || '/'}: ${f.message}${expected}${f.spec ? `\n  ${f.spec}` : ''}`;
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/**
 * Text for xmlbuilder2, which writes an `&` that starts something shaped like a reference (`&#0;`,
 * `&nbsp;`) as it is, so a peer's string would become a live reference and, for those, a file no
 * parser accepts. Every `&` is escaped here; xmlbuilder2 then leaves each `&amp;` as it is.
 */
function xmlText(text: string): string {
  return text.replaceAll('&', '&amp;');
}

/** Attribute text on one line (parsers turn line breaks in attributes into spaces anyway), every `&` escaped. */
function attr(text: string): string {
  return xmlText(oneLine(text));
}
