import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { htmlReport } from '../../reports/html-report.ts';
import { jsonReportText } from '../../reports/json-report.ts';
import { junitReport } from '../../reports/junit-report.ts';
import { buildReportModel } from '../../reports/report-model.ts';
import { secretEnvironmentValues } from '../../trace/redaction.ts';
import { sarifReportText } from '../../reports/sarif-report.ts';
import { verdictLine } from '../../reports/write-reports.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';
import { HANDSHAKE, makeTrace } from './traces.ts';

// Properties over every report format, with fixed seeds (FUZZ_RUNS raises the run count): a
// secret from the environment never appears wherever a server put it, and any string a server
// sends leaves every format well-formed, with no markup of its own in the page.
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);

/** A trace carrying `text` in a tool description, a method name, a finding message, a header, stderr and the target. */
function traceWith(text: string): Trace {
  return makeTrace([
    ...HANDSHAKE,
    { kind: 'message', direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
    { kind: 'message', direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a', description: text, inputSchema: { type: 'object' } }] } } },
    { kind: 'message', direction: 'server_to_client', message: { jsonrpc: '2.0', id: 2, method: text } },
    { kind: 'message', direction: 'server_to_client', text },
    { kind: 'http_response', exchange: 1, status: 500, headers: { 'x-echo': text } },
    { kind: 'stderr', text, truncated: false },
  ], [
    { rule: 'tools/descriptor', severity: 'error', event: 4, pointer: '/message/result/tools/0/description', message: `bad description: ${text}` },
    { rule: 'envelope/unknown-method', severity: 'warning', event: 5, pointer: '/message/method', message: text },
  ], { target: { transport: 'stdio', command: ['server', text] } });
}

function render(trace: Trace, secrets: readonly string[]) {
  const model = buildReportModel(trace, [], secrets);
  return {
    json: jsonReportText(model),
    junit: junitReport(model),
    sarif: sarifReportText(model, { trace: { path: 'trace.json' } }),
    html: htmlReport(model, verdictLine(model)),
  };
}

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileText = fc.array(fc.oneof(
  fc.string({ unit: anyCodeUnit, maxLength: 12 }),
  fc.constantFrom('<script>', '</script>', ']]>', '<![CDATA[', '<!--', '-->', '"', '\'', '&amp;', '&', '<img src=x onerror=alert(1)>', '\u2028', '\u0000', '\u001b[2J', '\ud800', '\udc00'),
), { maxLength: 8 }).map((parts) => parts.join(''));

test('a secret in the environment never appears in any report, wherever the server echoed it', () => {
  fc.assert(fc.property(
    fc.stringMatching(/^[A-Za-z0-9_.~+/=-]{4,32}$/).map((s) => `S3cr3t-${s}`),
    fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }),
    (secret, before, after) => {
      const secrets = secretEnvironmentValues({ MCP_PROPERTY_TOKEN: secret });
      const reports = render(traceWith(`${before}${secret}${after}`), secrets);
      for (const [format, text] of Object.entries(reports)) assert.not.ok(text.includes(secret), `${format} shows the secret`);
    },
  ), { numRuns: RUNS, seed: 1301 });
});

test('any string a server sends leaves every format well-formed and the page without markup of its own', () => {
  fc.assert(fc.property(hostileText, (text) => {
    const { json, junit, sarif, html } = render(traceWith(text), []);
    parseStrictJson(json);
    parseStrictJson(sarif);
    assert.is(XMLValidator.validate(junit), true);
    assert.not.match(junit, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    assert.is(html.match(/<script/gi)?.length, 2, 'only the data block and the page script');
    assert.is(html.match(/<\/script/gi)?.length, 2);
    assert.not.match(html, /<img|<!--/i, 'no element or comment from the content');
    const data = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html);
    assert.ok(data, 'the data block is intact');
    JSON.parse(data[1]!);
  }), { numRuns: RUNS, seed: 1302 });
});

test.run();
