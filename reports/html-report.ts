// Why: people read a run in a browser, often from a CI artifact with no network. The page is one
// self-contained file (inline style, script and SVG; a Content-Security-Policy that allows only
// those two inline blocks by hash and no request at all) with the findings linked to their arrows
// in a message sequence chart. Everything from the trace is escaped for where it lands: element
// text, attributes, and the JSON data block the script reads.
import { createHash } from 'node:crypto';
import { escapeHtml, jsonForScript } from '../coverage/html-text.ts';
import { countOf } from './renderers/finding-text.ts';
import { eventLabel, targetLabel } from './event-label.ts';
import { groupByRule, SHOWN_PER_RULE } from './finding-groups.ts';
import { REPORT_SCRIPT, REPORT_STYLE } from './html-report-assets.ts';
import { valueRanges } from './json-positions.ts';
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
    findings: model.findings.map((f) => ({
      rule: f.rule,
      severity: f.severity,
      pointer: visibleControls(f.pointer),
      message: visibleControls(f.message),
      expected: f.expectedBy !== null,
      member: memberRange(f, events),
    })),
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
${model.findings.length === 0 ? '<p id="no-findings">No findings.</p>' : `${filterForm(model)}\n<ol id="findings">\n${groupItems(model, labels)}\n</ol>`}
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

/** The offsets of the member a finding's pointer names in its event's text (name and value), if the page holds that text. */
function memberRange(f: ReportFinding, events: readonly { text: string }[]): [number, number] | null {
  if (f.event === null || f.pointer === '') return null;
  const range = valueRanges(events[f.event]?.text ?? '', [f.pointer]).get(f.pointer);
  return range === undefined ? null : [range.member, range.end];
}

/** The filter: which severities and which rule the list shows. */
function filterForm(model: ReportModel): string {
  const counts = new Map<string, number>();
  for (const f of model.findings) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  const rules = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const box = (severity: string, n: number) =>
    `<label><input type="checkbox" name="severity" value="${severity}" checked${n === 0 ? ' disabled' : ''}> ${countOf(n, severity)}</label>`;
  return `<form id="finding-filter" role="search" aria-label="filter the findings">
${box('error', model.counts.errors)}
${box('warning', model.counts.warnings)}
<label>rule <select id="rule-filter" name="rule"><option value="">every rule (${rules.length})</option>${rules.map(([rule, n]) => `<option value="${t(rule)}">${t(rule)} (${n})</option>`).join('')}</select></label>
<span id="filter-count" aria-live="polite"></span>
</form>`;
}

/** The findings grouped by rule, errors first: the first few of each group shown, the rest folded under a count. */
function groupItems(model: ReportModel, labels: readonly string[]): string {
  const indexOf = new Map(model.findings.map((f, i) => [f, i]));
  return groupByRule(model.findings).map((group) => {
    const items = group.items.map((f) => findingItem(model, f, indexOf.get(f) ?? 0, labels));
    const shown = items.slice(0, SHOWN_PER_RULE).join('\n');
    const rest = items.slice(SHOWN_PER_RULE);
    const more = rest.length === 0 ? '' : `\n<li class="more"><details><summary>${rest.length} more</summary><ol class="group-findings">\n${rest.join('\n')}\n</ol></details></li>`;
    return `<li class="finding-group ${group.severity}" data-rule="${t(group.rule)}" data-severity="${group.severity}"><div class="group-head"><span class="severity">${group.severity}</span> <code class="rule">${t(group.rule)}</code> <span class="group-count">× ${group.items.length}</span></div>
<ol class="group-findings">
${shown}${more}
</ol></li>`;
  }).join('\n');
}

function findingItem(model: ReportModel, f: ReportFinding, index: number, labels: readonly string[]): string {
  const where = f.event === null
    ? '<span class="run">the run</span>'
    : `<a class="finding-link" href="#event-${f.event}" data-event="${f.event}">#${f.event} ${t(labels[f.event] ?? '')}</a>`;
  const spec = f.spec !== null && /^https?:\/\//.test(f.spec) ? ` <a class="spec" href="${t(f.spec)}" rel="noreferrer noopener" target="_blank">spec</a>` : '';
  const expected = f.expectedBy === null ? '' : ` <span class="expected-reason">expected: ${t(model.expected[f.expectedBy]?.reason ?? '')}</span>`;
  const classes = `finding ${f.severity}${f.expectedBy === null ? '' : ' expected'}`;
  return `<li class="${classes}" data-finding="${index}" data-rule="${t(f.rule)}" data-severity="${f.severity}">${where} <span class="severity">${f.severity}</span> <code class="rule">${t(f.rule)}</code> <code class="pointer">${t(f.pointer || '/')}</code>${spec}<div class="message-text">${t(f.message)}</div>${expected}</li>`;
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
