import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { areasOfMethod, exercisedAreas, exercisedRules } from '../../reports/exercised-rules.ts';
import { buildReportModel } from '../../reports/report-model.ts';
import { RULES } from '../../validators/rules/index.ts';
import { renderAll, tempDir } from './support.ts';
import { cleanTrace, errorTrace, failingTrace, HANDSHAKE, HOSTILE, hostileTrace, makeTrace } from './traces.ts';

const tmp = tempDir('junit');
test.after(() => tmp.remove());

interface Case { '@_classname': string; '@_name': string; failure?: Outcome; error?: Outcome; skipped?: Outcome }
interface Outcome { '@_message': string; '@_type'?: string; '#text'?: string }
interface Suite { '@_name': string; '@_tests': string; '@_failures': string; '@_errors': string; '@_skipped': string; testcase: Case[] }

/** Parses a JUnit document back, after checking it is well-formed XML with only XML 1.0 characters. */
function parse(xml: string): { root: Record<string, string>; suites: Suite[] } {
  assert.is(XMLValidator.validate(xml), true);
  // A reference must name a declared entity (only the five predefined ones here) or a legal
  // character (WFC: Entity Declared, Legal Character); fast-xml-parser's validator does not check.
  for (const [ref, name] of xml.matchAll(/&([^;\s<&]*);?/g)) {
    if (/^(?:amp|lt|gt|quot|apos)$/.test(name ?? '')) continue;
    const code = /^#x([0-9a-fA-F]+)$/.exec(name ?? '')?.[1] ?? /^#(\d+)$/.exec(name ?? '')?.[1];
    const value = code === undefined ? NaN : name!.startsWith('#x') ? parseInt(code, 16) : Number(code);
    assert.ok(ref.endsWith(';') && (value === 0x9 || value === 0xa || value === 0xd || (value >= 0x20 && value <= 0xd7ff) || (value >= 0xe000 && value <= 0xfffd) || (value >= 0x10000 && value <= 0x10ffff)), `a reference no parser accepts: ${ref}`);
  }
  assert.not.match(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/, 'only XML 1.0 characters');
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>'));
  const doc = new XMLParser({ ignoreAttributes: false, parseAttributeValue: false, trimValues: false, isArray: (name) => name === 'testsuite' || name === 'testcase' }).parse(xml) as { testsuites: Record<string, string> & { testsuite: Suite[] } };
  return { root: doc.testsuites, suites: doc.testsuites.testsuite };
}

function counts(suites: Suite[]) {
  const cases = suites.flatMap((s) => s.testcase);
  return { tests: cases.length, failures: cases.filter((c) => c.failure).length, errors: cases.filter((c) => c.error).length, skipped: cases.filter((c) => c.skipped).length };
}

test('a test case per exercised rule: findings fail their rule; the totals on every element add up', async () => {
  const r = await renderAll(tmp.dir, failingTrace());
  const { root, suites } = parse(r.junit);
  const total = counts(suites);
  assert.equal({ tests: Number(root['@_tests']), failures: Number(root['@_failures']), errors: Number(root['@_errors']), skipped: Number(root['@_skipped']) }, total);
  for (const s of suites) assert.is(Number(s['@_tests']), s.testcase.length, s['@_name']);
  const byName = new Map(suites.flatMap((s) => s.testcase).map((c) => [c['@_name'], c]));
  const dup = byName.get('tools/duplicate-name')!;
  assert.is(dup['@_classname'], 'mcp-statechart.tools');
  assert.is(dup.failure!['@_type'], 'error');
  assert.match(dup.failure!['@_message'], /^1 error: Tool names must be unique/);
  assert.match(dup.failure!['#text']!, /error event 7 \(server_to_client tools\/list\) \/message\/result\/tools\/1\/name: Tool names must be unique/);
  assert.match(dup.failure!['#text']!, /https:\/\/modelcontextprotocol.io\/specification\/2025-11-25\/server\/tools/);
  assert.is(byName.get('tools/name-format')!.failure!['@_type'], 'warning', 'a warning fails its test case too, typed warning');
  assert.ok(byName.has('tools/descriptor') && !byName.get('tools/descriptor')!.failure, 'an exercised rule without findings passes');
  assert.ok(byName.has('toolschema/schema-root-type') || [...byName.keys()].some((k) => k.startsWith('toolschema/')), 'tools/list exercises the tool schema rules');
  assert.not.ok([...byName.keys()].some((k) => k.startsWith('resources/') || k.startsWith('auth/') || k.startsWith('fixture/')), 'areas the run never touched are not claimed');
  assert.equal(total.failures, 3);
  assert.is(byName.get('run completed')!.error, undefined);
});

test('exercised: the areas every message passes through, those of the methods seen, and those of the findings', () => {
  assert.equal(areasOfMethod('tools/list'), ['tools', 'toolschema', 'content', 'pagination']);
  assert.equal(areasOfMethod('notifications/resources/updated'), ['resources', 'format', 'content', 'subscription']);
  assert.equal(areasOfMethod('notifications/cancelled'), ['cancellation']);
  assert.equal(areasOfMethod('ping'), []);
  const clean = exercisedRules(buildReportModel(cleanTrace(), [], []));
  for (const id of clean) assert.ok(RULES.has(id), id);
  assert.ok(clean.includes('lifecycle/initialize-first') && clean.some((id) => id.startsWith('initialize/')));
  assert.ok(clean.includes('json/duplicate-key') && clean.includes('envelope/result-and-error'));
  assert.not.ok(clean.some((id) => id.startsWith('stateless/') || id.startsWith('prompts/')));
  assert.ok(exercisedAreas(buildReportModel(cleanTrace(), [], [])).has('transport'), 'a stdio run exercises the transport rules');
  const http = exercisedAreas(buildReportModel(failingTrace(), [], []));
  assert.ok(http.has('http') && http.has('transport') && http.has('tools') && !http.has('resources'));
  const custom = buildReportModel({ ...failingTrace(), findings: [] }, [], []);
  assert.ok(exercisedRules({ ...custom, findings: [{ ...buildReportModel(failingTrace(), [], []).findings[0]!, rule: 'http/status-error' }] }).includes('http/status-error'), 'a rule this build does not know still gets its test case');
});

test('a run that could not complete: the run test case errs with the reason', async () => {
  const r = await renderAll(tmp.dir, errorTrace());
  const { root, suites } = parse(r.junit);
  assert.is(root['@_errors'], '1');
  const run = suites.find((s) => s['@_name'] === 'mcp-statechart.run')!;
  assert.is(run.testcase[0]!.error!['@_message'], 'the server exited (code 1) before answering initialize');
  assert.is(run.testcase[0]!.error!['@_type'], 'run-error');
});

test('a clean run: every test case passes', async () => {
  const { root } = parse((await renderAll(tmp.dir, cleanTrace())).junit);
  assert.equal([root['@_failures'], root['@_errors'], root['@_skipped']], ['0', '0', '0']);
  assert.ok(Number(root['@_tests']) > 30);
});

test('hostile content round-trips as text: markup, ]]>, control characters made visible, no lone surrogate', async () => {
  const r = await renderAll(tmp.dir, hostileTrace());
  const { suites } = parse(r.junit);
  const dup = suites.flatMap((s) => s.testcase).find((c) => c['@_name'] === 'tools/duplicate-name')!;
  const body = dup.failure!['#text']!;
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  assert.ok(decode(body).includes(HOSTILE.script), 'the script tag is text');
  assert.ok(decode(body).includes(HOSTILE.cdata), ']]> is text');
  assert.ok(decode(body).includes('bell\\u0007 escape\\u001B[31m nul\\u0000 del\\u007F'), 'control characters shown as \\uXXXX');
  assert.ok(decode(body).includes('lone \ufffd and \ufffd here'));
  assert.not.match(r.junit, /<script/);
});

test('a peer\'s text shaped like a reference (&#0;, &nbsp;, &#x41;, &amp;) is written as text, never as a live reference', async () => {
  const refs = 'nul &#0; nbsp &nbsp; hex &#x41; dec &#65; amp &amp; bare & end';
  const trace = makeTrace([...HANDSHAKE], [
    { rule: 'tools/duplicate-name', severity: 'error', event: 1, pointer: '/message/result/tools/1/name', message: `Duplicate tool "${refs}"` },
  ], { status: 'error', error: `the server said ${refs}` });
  const r = await renderAll(tmp.dir, trace);
  const { suites } = parse(r.junit);
  const cases = suites.flatMap((s) => s.testcase);
  const dup = cases.find((c) => c['@_name'] === 'tools/duplicate-name')!;
  const run = cases.find((c) => c['@_name'] === 'run completed')!;
  // The parser has decoded the document's references: what it reads is the peer's text as it was.
  assert.ok(dup.failure!['@_message'].includes(refs), dup.failure!['@_message']);
  assert.ok(dup.failure!['#text']!.includes(refs));
  assert.ok(run.error!['@_message'].includes(refs));
});

test.run();
