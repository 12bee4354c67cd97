import { sessionDot } from '../coverage/diagram/dot.ts';
import { inlineSvg, renderSvg } from '../coverage/diagram/render-svg.ts';
import { SESSION_MACHINES } from '../coverage/diagram/session-machines.ts';
import { escapeHtml, jsonForScript } from '../coverage/html-text.ts';
import { INSPECTOR_SCRIPT } from './client.ts';
import type { CaseTrace } from './trace.ts';

const CSS = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #222; }
header { padding: .75rem 1rem; border-bottom: 1px solid #ddd; background: #fafafa; }
header h1 { font-size: 1.2rem; margin: 0 0 .25rem; }
header .verdict { font-weight: 600; }
.controls { display: flex; gap: .5rem; align-items: center; margin-top: .5rem; }
.controls button { font-size: 1rem; padding: .2rem .7rem; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(22rem, 2fr); gap: 1rem; padding: 1rem; }
.diagram { overflow: auto; border: 1px solid #ddd; background: #fff; max-height: 80vh; }
.diagram svg { height: auto; max-width: none; }
.diagram.fit svg { width: 100%; }
svg g.node.active path, svg g.node.active polygon, svg g.node.active ellipse { fill: #ffd54f; stroke: #e65100; stroke-width: 2.5; }
svg g.cluster.active > path, svg g.cluster.active > polygon { stroke: #e65100; stroke-width: 2.5; }
svg g.edge.taken-now path { stroke: #1565c0; stroke-width: 3; }
svg g.edge.taken-now polygon { fill: #1565c0; stroke: #1565c0; }
svg g.taken-now text { fill: #1565c0; font-weight: bold; }
aside section { margin-bottom: 1rem; }
aside h2 { font-size: .95rem; margin: 0 0 .25rem; text-transform: uppercase; letter-spacing: .04em; color: #555; }
pre { background: #f5f5f5; padding: .5rem; overflow: auto; max-height: 16rem; margin: 0; font-size: 12px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
td, th { border-bottom: 1px solid #eee; padding: .15rem .4rem; text-align: left; word-break: break-all; }
ul { margin: 0; padding-left: 1.2rem; }
li.none, tr.none td { color: #888; }
li.finding.error { color: #b71c1c; } li.finding.warning { color: #8d6e00; }
code { font-family: ui-monospace, monospace; font-size: 12px; }
#steps { max-height: 12rem; overflow: auto; font-family: ui-monospace, monospace; font-size: 12px; }
#steps li { cursor: pointer; } #steps li.current { background: #ffd54f; }
#taken { font-family: ui-monospace, monospace; font-size: 11px; }
#extensions code.item { font-size: 11px; word-break: break-all; }
`;

/** Options of the inspector page. */
export interface InspectorPageOptions {
  /**
   * The path of a same-origin server-sent event stream of further frames (a live session): the
   * page adds each as it arrives and follows the latest unless another step is being looked at.
   */
  readonly live?: string;
}

/**
 * The inspector page for one traced case: the composed session statechart (SVG inlined) and a
 * step-through with next / previous / jump and the arrow keys. Works from a file with no network.
 */
export async function inspectorHtml(trace: CaseTrace, options: InspectorPageOptions = {}): Promise<string> {
  const svg = inlineSvg(await renderSvg(sessionDot(SESSION_MACHINES)));
  const r = trace.result;
  const verdict = `${r.status}${r.rule ? ` [${r.rule}]` : ''}${r.pointer ? ` at ${r.pointer}` : ''}${r.reason ? `: ${r.reason}` : ''}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(trace.name)} — mcp-statechart inspector</title>
<style>${CSS}</style></head>
<body data-frame="0">
<header>
<h1>${escapeHtml(trace.name)}</h1>
<div>${escapeHtml(trace.fixture)}${options.live === undefined ? ` · expect ${escapeHtml(trace.expect)}` : ''} · <span class="verdict" id="verdict" data-status="${escapeHtml(r.status)}">${escapeHtml(verdict)}</span></div>
${trace.description ? `<div>${escapeHtml(trace.description)}</div>` : ''}
<div class="controls">
<button id="first" title="first (Home)">&#xAB; first</button>
<button id="prev" title="previous (&#x2190;)">&#x25C0; previous</button>
<button id="next" title="next (&#x2192;)">next &#x25B6;</button>
<button id="last" title="last (End)">last &#xBB;</button>
<input id="jump" type="range" min="0" max="0" value="0" aria-label="jump to step">
<span id="position"></span>
<button id="zoom" title="fit the diagram or show it at full size">full size</button>
<strong id="step-label"></strong>
</div>
</header>
<main>
<div class="diagram fit" id="diagram">${svg}</div>
<aside>
<section><h2>Message <span id="direction"></span></h2><pre id="message"></pre>
<div id="transport-box"><h2>Transport context</h2><pre id="transport"></pre></div></section>
<section><h2>Findings</h2><ul id="findings"></ul></section>
<section><h2>Machines</h2><table><tbody id="actors"></tbody></table></section>
<section><h2>Authorization revision</h2><code id="revision"></code></section>
<section><h2>Pending requests</h2>
<div>client to server</div><ul id="pending-client_to_server"></ul>
<div>server to client</div><ul id="pending-server_to_client"></ul></section>
<section><h2>Subscriptions</h2><table><thead><tr><th>uri</th><th>subject</th><th>tenant</th><th>state</th></tr></thead><tbody id="subscriptions"></tbody></table></section>
<section><h2>Extensions</h2><table><thead><tr><th>extension</th><th>part</th><th>state</th></tr></thead><tbody id="extensions"></tbody></table></section>
<section><h2>Transitions taken</h2><ul id="taken"></ul></section>
<section><h2>Steps</h2><ol id="steps" start="0"></ol></section>
</aside>
</main>
<script type="application/json" id="trace">${jsonForScript(options.live === undefined ? trace : { ...trace, live: options.live })}</script>
<script>${INSPECTOR_SCRIPT}</script>
</body></html>
`;
}
