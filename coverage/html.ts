import { machineDot, edgeElementId, type EdgeStyle } from './diagram/dot.ts';
import { inlineSvg, renderSvg } from './diagram/render-svg.ts';
import { escapeHtml } from './html-text.ts';
import type { MachineGraph } from './measure.ts';
import type { CoverageReport, TransitionCoverage } from './report.ts';

const TAKEN = '#1b7f3b';
const NEVER = '#d32f2f';

function styleFor(t: TransitionCoverage | undefined): EdgeStyle | undefined {
  if (!t) return undefined;
  if (t.taken_by.length > 0) {
    return { color: TAKEN, style: 'solid', penwidth: 2, note: `${t.taken_by.length} case${t.taken_by.length === 1 ? '' : 's'}`, className: 'transition taken' };
  }
  return { color: NEVER, style: 'dashed', note: t.allowlisted === null ? 'never taken' : 'never taken (allowlisted)', className: 'transition never-taken' };
}

const CSS = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #222; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.summary { font-weight: 600; }
.diagram { overflow: auto; border: 1px solid #ddd; padding: .5rem; background: #fff; }
.diagram svg { max-width: none; height: auto; }
table { border-collapse: collapse; width: 100%; margin-top: .5rem; }
th, td { border-bottom: 1px solid #e5e5e5; padding: .25rem .5rem; text-align: left; vertical-align: top; }
td.id { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
tr.taken td.status { color: ${TAKEN}; } tr.gap td.status, tr.allowlisted td.status { color: ${NEVER}; }
tr:hover, tr.focus { background: #fff8d6; }
g.edge.focus path { stroke-width: 4; }
details summary { cursor: pointer; }
.legend span { margin-right: 1.5rem; }
`;

const SCRIPT = `
document.querySelectorAll('tr[data-edge]').forEach(function (row) {
  row.addEventListener('click', function () {
    document.querySelectorAll('.focus').forEach(function (e) { e.classList.remove('focus'); });
    row.classList.add('focus');
    var id = row.getAttribute('data-edge');
    var edge = document.getElementById(id) || document.getElementById('a_' + id);
    if (edge) { edge.classList.add('focus'); edge.scrollIntoView({ block: 'center', inline: 'center' }); }
  });
});
`;

function row(t: TransitionCoverage): string {
  const status = t.taken_by.length > 0 ? 'taken' : t.allowlisted !== null ? 'allowlisted' : 'gap';
  const cases = t.taken_by.length === 0 ? '' : `<details><summary>${t.taken_by.length}</summary>${t.taken_by.map(escapeHtml).join('<br>')}</details>`;
  const path = t.shortest_path === null ? 'unreachable in the model' : `${t.shortest_path.length} step${t.shortest_path.length === 1 ? '' : 's'}, ${t.path_followed_by.length > 0 ? `followed by ${t.path_followed_by.length}` : 'not followed'}`;
  return `<tr class="${status}" data-edge="${escapeHtml(edgeElementId(t.id))}"><td class="status">${status}</td><td class="id">${escapeHtml(t.id)}</td>`
    + `<td>${cases}</td><td>${escapeHtml(path)}</td><td>${t.allowlisted === null ? '' : escapeHtml(t.allowlisted)}</td></tr>`;
}

/** The coverage page: per machine its diagram (taken edges solid and green, never-taken dashed and red) and a table. Self-contained. */
export async function coverageHtml(report: CoverageReport, graphs: readonly MachineGraph[]): Promise<string> {
  const sections: string[] = [];
  for (const g of graphs) {
    const c = report.machines[g.model.name];
    if (!c) continue;
    const byId = new Map(c.transitions.map((t) => [t.id, t]));
    const svg = inlineSvg(await renderSvg(machineDot(g.model.machine, { edgeStyle: (t) => styleFor(byId.get(t.id)) })));
    sections.push(`<section class="machine" data-machine="${escapeHtml(g.model.name)}">
<h2>${escapeHtml(g.model.name)}</h2>
<p>${c.applicable ? '' : `not applicable: no profile judged here runs it (${escapeHtml(report.profiles.join(', '))}); `}${c.declared} declared, ${c.taken} taken, ${c.allowlisted} allowlisted, ${c.never_taken.length} never taken; shortest paths followed ${c.paths.followed}/${c.paths.enumerated}</p>
<div class="diagram">${svg}</div>
<table><thead><tr><th>status</th><th>transition</th><th>cases</th><th>shortest path</th><th>allowlist reason</th></tr></thead>
<tbody>${c.transitions.map(row).join('\n')}</tbody></table>
</section>`);
  }
  const t = report.total;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mcp-statechart transition coverage</title>
<style>${CSS}</style></head>
<body>
<h1>Transition coverage</h1>
<p class="summary" id="summary" data-declared="${t.declared}" data-taken="${t.taken}" data-gaps="${t.gaps}">${report.status}: ${t.taken}/${t.declared - t.not_applicable} transitions taken, ${t.allowlisted} allowlisted, ${t.gaps} gaps; ${t.paths.followed}/${t.paths.enumerated} shortest paths followed; ${report.case_count} cases${t.not_applicable === 0 ? '' : `; ${t.not_applicable} not applicable`}</p>
<p class="legend"><span style="color:${TAKEN}">&#9473; taken</span><span style="color:${NEVER}">&#9476; never taken</span> Click a row to find its edge.</p>
${sections.join('\n')}
<script>${SCRIPT}</script>
</body></html>
`;
}
