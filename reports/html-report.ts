// Why: people read a run in a browser, often from a CI artifact with no network. The page is one
// self-contained file (inline style, script and SVG; a Content-Security-Policy that allows only
// those two inline blocks by hash and no request at all) with the findings linked to their arrows
// in a message sequence chart. Everything from the trace is escaped for where it lands: element
// text, attributes, and the JSON data block the script reads.
import { createHash } from 'node:crypto';
import { escapeHtml, jsonForScript } from '../coverage/html-text.ts';
import { countOf } from './renderers/finding-text.ts';
import { eventLabel, targetLabel } from './event-label.ts';
import { REPORT_SCRIPT, REPORT_STYLE } from './html-report-assets.ts';
import { clip, visibleControls } from './output-text.ts';
import type { ReportFinding, ReportModel } from './report-model.ts';
import { findingsByEvent, sequenceChart } from './sequence-chart.ts';

/** The most characters of one event's JSON the page carries. */
export const MAX_EVENT_TEXT = 16 * 1024;
/** The most characters of event JSON the whole page carries; later events show their label only. */
export const MAX_PAGE_TEXT = 16 * 1024 * 1024;

/** The self-contained HTML report page. */
export function htmlReport(model: ReportModel, summary: string): string {
  const { trace } = model;
  const labels = trace.events.map((e, i) => eventLabel(e, model.places[i]!));
  let budget = MAX_PAGE_TEXT;
  const events = trace.events.map((event, i) => {
    const full = budget > 0 ? visibleControls(clip(JSON.stringify(event, null, 2), MAX_EVENT_TEXT)) : '(not included: the page holds at most 16 MiB of event text)';
    budget -= full.length;
    return { label: visibleControls(labels[i] ?? ''), text: full };
  });
  const indexOf = new Map(model.findings.map((f, i) => [f, i]));
  const byEvent = Object.fromEntries([...findingsByEvent(model.findings)].map(([event, list]) => [event, list.map((f) => indexOf.get(f))]));
  const data = {
    events,
    byEvent,
    findings: model.findings.map((f) => ({ rule: f.rule, severity: f.severity, pointer: visibleControls(f.pointer), message: visibleControls(f.message), expected: f.expectedBy !== null })),
  };
  const facts: [string, string][] = [
    ['target', targetLabel(trace.target)],
    ['profile', trace.profile],
    ['protocol version', trace.protocol_version ?? 'none negotiated'],
    ['mode', trace.mode],
    ['generator', trace.generator],
    ['signature', trace.signature],
    ...(trace.error === undefined ? [] : [['error', trace.error] as [string, string]]),
  ];
  const csp = [
    "default-src 'none'",
    `script-src '${hash(REPORT_SCRIPT)}'`,
    `style-src '${hash(REPORT_STYLE)}'`,
    "img-src 'none'", "connect-src 'none'", "font-src 'none'", "frame-src 'none'", "form-action 'none'", "base-uri 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta http-equiv="x-dns-prefetch-control" content="off">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mcp-statechart report: ${t(model.status)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body data-status="${t(model.status)}">
<header>
<h1>mcp-statechart report <span id="status" class="status ${t(model.status)}">${t(model.status)}</span></h1>
<p id="summary">${t(summary)}</p>
<dl id="facts">
${facts.map(([k, v]) => `<dt>${t(k)}</dt><dd data-fact="${t(k)}">${t(v)}</dd>`).join('\n')}
</dl>
</header>
<main>
<section id="findings-section">
<h2>Findings (${model.findings.length}: ${countOf(model.counts.errors, 'error')}, ${countOf(model.counts.warnings, 'warning')}, ${model.counts.expected} expected)</h2>
${model.findings.length === 0 ? '<p id="no-findings">No findings.</p>' : `<ol id="findings">\n${model.findings.map((f, i) => findingItem(model, f, i, labels)).join('\n')}\n</ol>`}
</section>
${staleSection(model)}
<section id="chart-section">
<h2>Message sequence (${countOf(model.counts.events, 'event')}, ${countOf(model.counts.messages, 'message')})</h2>
<div class="chart">
${sequenceChart(model, labels)}
</div>
</section>
<aside id="details">
<h2 id="detail-title">Select an event or a finding</h2>
<ul id="detail-findings"></ul>
<pre id="detail-json"></pre>
</aside>
</main>
<script type="application/json" id="report-data">${jsonForScript(data)}</script>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}

function findingItem(model: ReportModel, f: ReportFinding, index: number, labels: readonly string[]): string {
  const where = f.event === null
    ? '<span class="run">the run</span>'
    : `<a class="finding-link" href="#event-${f.event}" data-event="${f.event}">#${f.event} ${t(labels[f.event] ?? '')}</a>`;
  const spec = f.spec !== null && /^https?:\/\//.test(f.spec) ? ` <a class="spec" href="${t(f.spec)}" rel="noreferrer noopener" target="_blank">spec</a>` : '';
  const expected = f.expectedBy === null ? '' : ` <span class="expected-reason">expected: ${t(model.expected[f.expectedBy]?.reason ?? '')}</span>`;
  const classes = `finding ${f.severity}${f.expectedBy === null ? '' : ' expected'}`;
  return `<li class="${classes}" data-finding="${index}" data-rule="${t(f.rule)}">${where} <span class="severity">${f.severity}</span> <code class="rule">${t(f.rule)}</code> <code class="pointer">${t(f.pointer || '/')}</code>${spec}<div class="message-text">${t(f.message)}</div>${expected}</li>`;
}

function staleSection(model: ReportModel): string {
  if (model.stale.length === 0) return '';
  const items = model.stale.map((s) => {
    const where = [s.method, s.pointer, s.event === undefined ? undefined : `event ${s.event}`].filter((x) => x !== undefined).join(', ');
    return `<li class="stale" data-entry="${s.index}">entry ${s.index}: <code>${t(s.rule)}</code>${where ? ` (${t(where)})` : ''} matched no finding: remove it. Reason given: ${t(s.reason)}</li>`;
  });
  return `<section id="stale-section">\n<h2>Stale expected failures (${model.stale.length})</h2>\n<ul id="stale">\n${items.join('\n')}\n</ul>\n</section>`;
}

/** Trace text for element content or a double-quoted attribute. */
function t(text: string): string {
  return escapeHtml(visibleControls(text));
}

function hash(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
