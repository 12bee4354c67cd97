// Why: the report page must work from a file with no network, so its style and script are inline
// text; the page's Content-Security-Policy allows exactly these two blocks by their hashes.
/** The report page's style sheet (inline; the page loads nothing). */
export const REPORT_STYLE = String.raw`
:root { color-scheme: light; font: 14px/1.45 system-ui, sans-serif; color: #1d2330; }
body { margin: 0; }
header { padding: 16px 24px; background: #f3f5f9; border-bottom: 1px solid #d9dee8; }
h1 { font-size: 20px; margin: 0 0 6px; }
h2 { font-size: 16px; margin: 18px 0 8px; }
.status { display: inline-block; padding: 1px 10px; border-radius: 10px; color: #fff; font-size: 14px; vertical-align: middle; }
.status.pass { background: #1f7a3a; } .status.fail { background: #b3261e; } .status.error { background: #7a4b00; }
dl#facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0 0; }
dl#facts dt { color: #5a6475; } dl#facts dd { margin: 0; overflow-wrap: anywhere; font-family: ui-monospace, monospace; }
main { display: grid; grid-template-columns: minmax(0, 1fr) 420px; gap: 0 20px; padding: 0 24px 24px; }
#findings-section, #stale-section { grid-column: 1 / 3; }
ol#findings, ul#stale { margin: 0; padding-left: 22px; }
ol#findings { list-style: none; padding-left: 0; }
.finding-group { margin: 6px 0 10px; } .group-head { font-weight: 600; }
.finding-group.error > .group-head .severity { color: #b3261e; } .finding-group.warning > .group-head .severity { color: #9a6200; }
.group-count { color: #5a6475; font-weight: 400; }
ol.group-findings { margin: 2px 0 0; padding-left: 22px; }
li.more { list-style: none; } li.more summary { cursor: pointer; color: #2b3a55; }
#finding-filter { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center; margin: 0 0 8px; }
#filter-count { color: #5a6475; }
[hidden] { display: none !important; }
mark.offending { background: #ffd6d3; color: inherit; border-radius: 2px; } mark.offending.warning { background: #ffecb3; }
.finding { margin: 3px 0; overflow-wrap: anywhere; }
.finding .severity { font-weight: 600; } .finding.error .severity { color: #b3261e; } .finding.warning .severity { color: #9a6200; }
.finding.expected { opacity: 0.7; } .finding.expected .severity::after { content: " (expected)"; font-weight: 400; }
.finding.current { background: #fff3b0; }
.message-text { white-space: pre-wrap; max-height: 7.5em; overflow: auto; }
code { font-family: ui-monospace, monospace; font-size: 13px; }
.chart { overflow: auto; border: 1px solid #d9dee8; border-radius: 6px; max-height: 80vh; }
#sequence .lifeline rect { fill: #e8ecf4; stroke: #7c879a; } #sequence .lifeline line { stroke: #7c879a; stroke-dasharray: 4 4; }
#sequence .lifeline text, #sequence .column { font-weight: 600; fill: #1d2330; }
#sequence .event { cursor: pointer; outline: none; }
#sequence .event .hit { fill: transparent; }
#sequence .event:hover .hit, #sequence .event:focus .hit { fill: #eef2fa; }
#sequence .event.highlight .hit, #sequence .event:target .hit { fill: #ffe98a; }
#sequence .arrow { stroke: #2b3a55; stroke-width: 1.6; }
#sequence .has-error .arrow { stroke: #b3261e; stroke-width: 2.2; } #sequence .has-warning .arrow { stroke: #b07a00; stroke-width: 2; }
#sequence .has-expected .arrow { stroke-dasharray: 6 3; }
#sequence marker path { fill: #2b3a55; } #sequence marker.head-error path { fill: #b3261e; } #sequence marker.head-warning path { fill: #b07a00; }
#sequence .note-box { fill: #f6f1e1; stroke: #c9b98a; } #sequence .has-error .note-box { stroke: #b3261e; stroke-width: 2; }
#sequence .label { font-family: ui-monospace, monospace; font-size: 12px; fill: #1d2330; white-space: pre; }
#sequence .index { font-size: 11px; fill: #7c879a; } #sequence .marks { font-size: 12px; fill: #b3261e; white-space: pre; }
#sequence .has-warning .marks { fill: #9a6200; } #sequence .has-expected .marks { fill: #5a6475; }
aside#details { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; }
#detail-json { background: #f6f8fb; border: 1px solid #d9dee8; border-radius: 6px; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; }
`;

/** The report page's script (plain ES2017): selecting an event highlights its arrow and shows its details. */
export const REPORT_SCRIPT = String.raw`
(function () {
  var data = JSON.parse(document.getElementById('report-data').textContent);
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function select(i, scroll) {
    var target = $('event-' + i);
    if (!target) return;
    Array.prototype.forEach.call(document.querySelectorAll('#sequence .event.highlight'), function (g) { g.classList.remove('highlight'); });
    Array.prototype.forEach.call(document.querySelectorAll('.finding.current'), function (li) { li.classList.remove('current'); });
    target.classList.add('highlight');
    document.body.setAttribute('data-selected', String(i));
    var event = data.events[i] || { label: '', text: '' };
    $('detail-title').textContent = '#' + i + ' ' + event.label;
    var list = clear($('detail-findings'));
    (data.byEvent[i] || []).forEach(function (n) {
      var f = data.findings[n];
      var li = el('li', 'finding ' + f.severity + (f.expected ? ' expected' : ''));
      li.appendChild(el('span', 'severity', f.severity));
      li.appendChild(document.createTextNode(' '));
      li.appendChild(el('code', 'rule', f.rule));
      li.appendChild(document.createTextNode(' '));
      li.appendChild(el('code', 'pointer', f.pointer || '/'));
      li.appendChild(el('div', 'message-text', f.message));
      list.appendChild(li);
      var main = document.querySelector('#findings [data-finding="' + n + '"]');
      if (main) main.classList.add('current');
    });
    showJson(event.text, (data.byEvent[i] || []).map(function (n) { return data.findings[n]; }));
    if (scroll) target.scrollIntoView({ block: 'center', inline: 'nearest' });
  }
  function showJson(text, findings) {
    var pre = clear($('detail-json'));
    var marks = findings.filter(function (f) { return f.member; }).sort(function (a, b) { return a.member[0] - b.member[0]; });
    var at = 0;
    marks.forEach(function (f) {
      var start = f.member[0], end = Math.min(f.member[1], text.length);
      if (start < at || start >= end) return;
      pre.appendChild(document.createTextNode(text.slice(at, start)));
      var m = el('mark', 'offending ' + f.severity, text.slice(start, end));
      m.title = f.rule;
      pre.appendChild(m);
      at = end;
    });
    pre.appendChild(document.createTextNode(text.slice(at)));
  }
  function applyFilter() {
    var form = $('finding-filter');
    if (!form) return;
    var severities = {};
    Array.prototype.forEach.call(form.querySelectorAll('input[name="severity"]'), function (box) { severities[box.value] = box.checked; });
    var rule = $('rule-filter').value;
    var shown = 0;
    Array.prototype.forEach.call(document.querySelectorAll('#findings .finding-group'), function (g) {
      var visible = severities[g.getAttribute('data-severity')] !== false && (rule === '' || g.getAttribute('data-rule') === rule);
      g.hidden = !visible;
      if (visible) shown += g.querySelectorAll('li.finding').length;
    });
    $('filter-count').textContent = shown + ' of ' + data.findings.length + ' shown';
  }
  var filter = $('finding-filter');
  if (filter) {
    filter.addEventListener('change', applyFilter);
    filter.addEventListener('submit', function (e) { e.preventDefault(); });
    applyFilter();
  }
  document.addEventListener('click', function (e) {
    var link = e.target.closest && e.target.closest('a.finding-link');
    if (link) {
      e.preventDefault();
      select(Number(link.getAttribute('data-event')), true);
      return;
    }
    var g = e.target.closest && e.target.closest('#sequence .event');
    if (g) select(Number(g.getAttribute('data-event')), false);
  });
  document.addEventListener('keydown', function (e) {
    var g = document.activeElement;
    if ((e.key === 'Enter' || e.key === ' ') && g && g.classList && g.classList.contains('event')) {
      e.preventDefault();
      select(Number(g.getAttribute('data-event')), false);
    }
  });
  var m = /^#event-(\d+)$/.exec(location.hash);
  if (m) select(Number(m[1]), true);
  document.body.setAttribute('data-ready', 'true');
})();
`;
