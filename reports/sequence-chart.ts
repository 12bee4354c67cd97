// Why: an exchange reads best as a message sequence chart: the client and the server as lifelines,
// one arrow per message in the order it travelled, transport events (HTTP, streams, timeouts, the
// process ending) as notes between them, and each event's findings beside it. The SVG is drawn
// here, as text with every piece of content escaped, so the page needs no script to show it.
import { escapeHtml } from '../coverage/html-text.ts';
import type { ReportFinding, ReportModel } from './report-model.ts';
import { visibleControls } from './output-text.ts';

/** The most events drawn; a longer run's chart stops there and says so. */
export const MAX_CHART_EVENTS = 10_000;

const WIDTH = 1180;
const CLIENT_X = 220;
const SERVER_X = 700;
const FINDINGS_X = 810;
const HEAD = 64;
const ROW = 36;

/** The chart's SVG markup; `labels[i]` names event i. Message arrows are `g.event.message`, notes `g.event.note`. */
export function sequenceChart(model: ReportModel, labels: readonly string[]): string {
  const events = model.trace.events.slice(0, MAX_CHART_EVENTS);
  const byEvent = findingsByEvent(model.findings);
  const height = HEAD + events.length * ROW + 24;
  const rows = events.map((event, i) => {
    const y = HEAD + i * ROW + 22;
    const findings = byEvent.get(i) ?? [];
    const label = labels[i] ?? '';
    const worst = findings.some((f) => f.severity === 'error' && f.expectedBy === null) ? ' has-error'
      : findings.some((f) => f.expectedBy === null) ? ' has-warning' : findings.length > 0 ? ' has-expected' : '';
    const tip = [`#${i} ${label}`, ...findings.map((f) => `${f.severity} ${f.rule} ${f.pointer || '/'}: ${f.message}${f.expectedBy === null ? '' : ' (expected)'}`)].join('\n');
    const common = `id="event-${i}" data-event="${i}" data-kind="${event.kind}" data-findings="${findings.length}" tabindex="0" role="button" aria-label="${text(`event ${i}: ${label}`)}"`;
    const hit = `<rect class="hit" x="0" y="${y - 22}" width="${WIDTH}" height="${ROW}"/>`;
    const index = `<text class="index" x="16" y="${y + 4}">#${i}</text>`;
    const marks = findings.length === 0 ? '' : `<text class="marks" x="${FINDINGS_X}" y="${y + 4}">${text(marksOf(findings))}</text>`;
    const title = `<title>${text(tip)}</title>`;
    if (event.kind === 'message') {
      const c2s = event.direction === 'client_to_server';
      const [x1, x2] = c2s ? [CLIENT_X, SERVER_X] : [SERVER_X, CLIENT_X];
      const head = worst === ' has-error' ? 'head-error' : worst === ' has-warning' ? 'head-warning' : 'head';
      const shape = `<line class="arrow" x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" marker-end="url(#${head})"/>`;
      const caption = `<text class="label" x="${(CLIENT_X + SERVER_X) / 2}" y="${y - 6}" text-anchor="middle">${text(label)}</text>`;
      return `<g class="event message ${c2s ? 'c2s' : 's2c'}${worst}" ${common} data-method="${text(model.places[i]?.method ?? '')}">${hit}${index}${shape}${caption}${marks}${title}</g>`;
    }
    const note = `<rect class="note-box" x="${CLIENT_X + 24}" y="${y - 15}" width="${SERVER_X - CLIENT_X - 48}" height="22" rx="4"/>`;
    const caption = `<text class="label" x="${(CLIENT_X + SERVER_X) / 2}" y="${y + 1}" text-anchor="middle">${text(label)}</text>`;
    return `<g class="event note kind-${event.kind}${worst}" ${common}>${hit}${index}${note}${caption}${marks}${title}</g>`;
  });
  const more = model.trace.events.length - events.length;
  const cut = more > 0 ? `<text class="cut" x="${WIDTH / 2}" y="${height - 6}" text-anchor="middle">${more} more events are not drawn</text>` : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" id="sequence" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="message sequence chart">`,
    '<defs>',
    ...['head', 'head-error', 'head-warning'].map((id) => `<marker id="${id}" class="${id}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>`),
    '</defs>',
    // The client is always on the left; the checker is whichever side mcp-statechart played.
    lifeline(CLIENT_X, 'client', model.trace.mode === 'check-client' ? 'Client' : 'Client (mcp-statechart)', height),
    lifeline(SERVER_X, 'server', model.trace.mode === 'check-client' ? 'Server (mcp-statechart)' : 'Server', height),
    `<text class="column" x="${FINDINGS_X}" y="40">findings</text>`,
    ...rows,
    cut,
    '</svg>',
  ].join('\n');
}

/** The findings of each event, by event index. */
export function findingsByEvent(findings: readonly ReportFinding[]): Map<number, ReportFinding[]> {
  const out = new Map<number, ReportFinding[]>();
  for (const f of findings) {
    if (f.event === null) continue;
    const list = out.get(f.event);
    if (list) list.push(f);
    else out.set(f.event, [f]);
  }
  return out;
}

function lifeline(x: number, id: string, name: string, height: number): string {
  return `<g class="lifeline" id="lifeline-${id}"><rect x="${x - 90}" y="8" width="180" height="32" rx="6"/><text x="${x}" y="29" text-anchor="middle">${text(name)}</text><line x1="${x}" y1="40" x2="${x}" y2="${height - 12}"/></g>`;
}

function marksOf(findings: readonly ReportFinding[]): string {
  const shown = findings.slice(0, 3).map((f) => `${f.expectedBy !== null ? '○' : f.severity === 'error' ? '✖' : '⚠'} ${f.rule}`);
  return shown.join('  ') + (findings.length > 3 ? `  +${findings.length - 3}` : '');
}

/** Content for SVG text and attributes: escaped, with control characters made visible. */
function text(value: string): string {
  return escapeHtml(visibleControls(value));
}
