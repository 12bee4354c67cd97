import { SESSION_MACHINES } from '../coverage/diagram/session-machines.ts';
import { escapeHtml, jsonForScript } from '../coverage/html-text.ts';
import { INSPECTOR_SCRIPT } from './client.ts';
import { machineSvgs } from './machine-drawings.ts';
import { INSPECTOR_CSS } from './page-style.ts';
import type { CaseTrace, TraceKind } from './trace.ts';

/** Options of the inspector page. */
export interface InspectorPageOptions {
  /**
   * The path of a same-origin server-sent event stream of further frames (a live session): the
   * page adds each as it arrives and follows the latest unless another step is being looked at.
   */
  readonly live?: string;
}

/** What the header calls each kind of page. */
const KIND_WORDS: Readonly<Record<TraceKind, string>> = { case: 'case', transcript: 'transcript', trace: 'trace', live: 'live session' };

function sourceWords(trace: CaseTrace): string {
  switch (trace.kind) {
    case 'case': return `in ${escapeHtml(trace.source)}`;
    case 'trace': return 'its message events, in order';
    case 'transcript': return '';
    case 'live': return 'through the tap';
  }
}

/** The page's header line: what is stepped through, under which profile, what was expected (a case only) and the verdict. */
function aboutLine(trace: CaseTrace): string {
  const p = trace.profile;
  const parts = [
    `<span class="kind">${KIND_WORDS[trace.kind]}</span>`,
    sourceWords(trace),
    `<span id="profile" data-profile="${escapeHtml(p.id)}">profile ${escapeHtml(p.id)} (MCP ${escapeHtml(p.protocolVersion)})</span>`,
    trace.expect === null ? '' : `expect ${escapeHtml(trace.expect)}`,
    `<span class="verdict" id="verdict" data-status="${escapeHtml(trace.verdict.status)}">${escapeHtml(trace.verdict.text)}</span>`,
  ];
  return parts.filter((x) => x !== '').join(' · ');
}

/**
 * The inspector page for one traced session: each machine the profile runs drawn on its own
 * (SVG inlined), the one the current step moves open at a readable size with its active state
 * brought into view, the others folded to a line with their state; and a step-through with next /
 * previous / jump and the arrow keys. Works from a file with no network. A live page draws every
 * machine and shows those of the profile its session settles.
 */
export async function inspectorHtml(trace: CaseTrace, options: InspectorPageOptions = {}): Promise<string> {
  const live = options.live !== undefined;
  const drawn = await machineSvgs(live ? SESSION_MACHINES.map((m) => m.id) : trace.profile.machines);
  const sections = drawn.map(({ machine, svg }) => `<section class="machine" data-machine="${escapeHtml(machine)}"${trace.profile.machines.includes(machine) ? '' : ' hidden'}>
<button class="fold" aria-expanded="false" title="show or fold the ${escapeHtml(machine)} machine"><span class="twisty">&#x25B8;</span><span class="machine-name">${escapeHtml(machine)}</span><span class="machine-state"></span><span class="moved"></span></button>
<div class="drawing">${svg}</div>
</section>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(trace.name)} — mcp-statechart inspector</title>
<style>${INSPECTOR_CSS}</style></head>
<body data-frame="0" data-kind="${trace.kind}">
<header>
<h1>${escapeHtml(trace.name)}</h1>
<div id="about">${aboutLine(trace)}</div>
${trace.description ? `<div>${escapeHtml(trace.description)}</div>` : ''}
<div class="controls">
<button id="first" title="first (Home)">&#xAB; first</button>
<button id="prev" title="previous (&#x2190;)">&#x25C0; previous</button>
<button id="next" title="next (&#x2192;)">next &#x25B6;</button>
<button id="last" title="last (End)">last &#xBB;</button>
<input id="jump" type="range" min="0" max="0" value="0" aria-label="jump to step">
<span id="position"></span>
<strong id="step-label"></strong>
</div>
</header>
<main>
<div id="diagram">
${sections}
</div>
<aside>
<section><h2>Steps</h2><ol id="steps" start="0"></ol></section>
<section><h2>Findings of this step</h2><ul id="findings"></ul></section>
<section><h2>Message <span id="direction"></span></h2><pre id="message"></pre>
<div id="transport-box"><h2>Transport context</h2><pre id="transport"></pre></div></section>
<section><h2>Transitions taken</h2><ul id="taken"></ul></section>
<section><h2>Actors</h2><table><tbody id="actors"></tbody></table></section>
<section><h2>Authorization revision</h2><code id="revision"></code></section>
<section><h2>Pending requests</h2>
<div>client to server</div><ul id="pending-client_to_server"></ul>
<div>server to client</div><ul id="pending-server_to_client"></ul></section>
<section><h2>Subscriptions</h2><table><thead><tr><th>uri</th><th>subject</th><th>tenant</th><th>state</th></tr></thead><tbody id="subscriptions"></tbody></table></section>
<section><h2>Extensions</h2><table><thead><tr><th>extension</th><th>part</th><th>state</th></tr></thead><tbody id="extensions"></tbody></table></section>
</aside>
</main>
<script type="application/json" id="trace">${jsonForScript(live ? { ...trace, live: options.live } : trace)}</script>
<script>${INSPECTOR_SCRIPT}</script>
</body></html>
`;
}
