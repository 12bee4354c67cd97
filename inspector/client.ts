/**
 * The inspector page's script (plain ES2017, no dependencies): reads the frames from the page
 * (and, for a live session, from its event stream as they come), highlights the active states
 * and the step's transitions in the SVG, and fills the panels.
 */
export const INSPECTOR_SCRIPT = String.raw`
(function () {
  var data = JSON.parse(document.getElementById('trace').textContent);
  var frames = data.frames;
  var current = 0;
  var $ = function (id) { return document.getElementById(id); };
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function row(cells, attrs) {
    var tr = el('tr', attrs);
    cells.forEach(function (c) { tr.appendChild(el('td', {}, String(c))); });
    return tr;
  }
  function show(i) {
    current = Math.max(0, Math.min(frames.length - 1, i));
    var f = frames[current];
    document.body.setAttribute('data-frame', String(current));
    $('position').textContent = (current + 1) + ' / ' + frames.length;
    $('jump').value = String(current);
    $('step-label').textContent = f.label + (f.pointer ? '  ' + f.pointer : '');
    var s = f.step;
    $('direction').textContent = !s ? 'before the first step' : s.control_event ? 'control event' : s.direction.replace(/_/g, ' ');
    $('message').textContent = !s ? '' : JSON.stringify(s.control_event ? s.control_event : s.message, null, 2);
    $('transport').textContent = s && s.transport_context ? JSON.stringify(s.transport_context, null, 2) : '';
    $('transport-box').hidden = !(s && s.transport_context);
    var findings = clear($('findings'));
    f.findings.forEach(function (x) {
      var li = el('li', { 'class': 'finding ' + x.severity, 'data-rule': x.rule });
      li.appendChild(el('code', {}, x.rule));
      li.appendChild(document.createTextNode(' ' + x.severity + ' at '));
      li.appendChild(el('code', { 'class': 'pointer' }, x.pointer));
      li.appendChild(el('div', {}, x.message));
      findings.appendChild(li);
    });
    if (f.findings.length === 0) findings.appendChild(el('li', { 'class': 'none' }, 'no findings'));
    var actors = clear($('actors'));
    f.actors.forEach(function (a) { actors.appendChild(row([a.actor, a.state], { 'data-machine': a.machine, 'data-state': a.state })); });
    $('revision').textContent = f.view.revision === undefined || f.view.revision === null ? '(no policy)' : f.view.revision;
    ['client_to_server', 'server_to_client'].forEach(function (d) {
      var list = clear($('pending-' + d));
      f.view.pending[d].forEach(function (p) { list.appendChild(el('li', {}, JSON.stringify(p.id) + ' ' + p.method)); });
      if (f.view.pending[d].length === 0) list.appendChild(el('li', { 'class': 'none' }, 'none'));
    });
    var subs = clear($('subscriptions'));
    f.view.subscriptions.forEach(function (x) {
      subs.appendChild(row([x.uri, x.subject, x.tenant, x.state], { 'class': 'subscription', 'data-uri': x.uri, 'data-state': x.state }));
    });
    if (f.view.subscriptions.length === 0) subs.appendChild(row(['none', '', '', ''], { 'class': 'none' }));
    var ext = clear($('extensions'));
    var views = f.view.extensions || {};
    Object.keys(views).forEach(function (name) {
      var v = views[name];
      var parts = v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : [''];
      parts.forEach(function (key) {
        var value = key === '' ? v : v[key];
        var empty = value === null || (Array.isArray(value) && value.length === 0);
        var tr = el('tr', { 'class': 'extension', 'data-extension': name, 'data-key': key });
        tr.appendChild(el('td', {}, name));
        tr.appendChild(el('td', {}, key));
        var cell = el('td', {});
        if (empty) { cell.className = 'none'; cell.textContent = 'none'; }
        else {
          var items = Array.isArray(value) ? value : [value];
          items.forEach(function (item) { cell.appendChild(el('code', { 'class': 'item' }, JSON.stringify(item))); cell.appendChild(el('br')); });
        }
        tr.appendChild(cell);
        ext.appendChild(tr);
      });
    });
    if (Object.keys(views).length === 0) ext.appendChild(row(['none (this profile runs no extension)', '', ''], { 'class': 'none' }));
    var taken = clear($('taken'));
    f.taken.forEach(function (t) { taken.appendChild(el('li', {}, t)); });
    if (f.taken.length === 0) taken.appendChild(el('li', { 'class': 'none' }, 'none'));
    document.querySelectorAll('svg .active, svg .taken-now').forEach(function (n) { n.classList.remove('active'); n.classList.remove('taken-now'); });
    f.active.forEach(function (id) { var n = document.getElementById(id); if (n) n.classList.add('active'); });
    f.taken.forEach(function (t) { var n = document.getElementById('edge:' + t) || document.getElementById('a_edge:' + t); if (n) n.classList.add('taken-now'); });
    document.querySelectorAll('#steps li').forEach(function (li, k) { li.classList.toggle('current', k === current); });
    $('prev').disabled = current === 0;
    $('next').disabled = current === frames.length - 1;
  }
  var steps = $('steps');
  function addStep(f, k) {
    var li = el('li', { 'data-index': String(k) }, f.label + (f.findings.some(function (x) { return x.severity === 'error'; }) ? '  (rejected)' : ''));
    li.addEventListener('click', function () { show(k); });
    steps.appendChild(li);
  }
  frames.forEach(addStep);
  $('jump').max = String(frames.length - 1);
  if (data.live) {
    var seen = 0, errors = 0, warnings = 0;
    var source = new EventSource(data.live);
    source.onmessage = function (e) {
      var item = JSON.parse(e.data);
      if (item.seq <= seen) return;
      seen = item.seq;
      var follow = current === frames.length - 1;
      frames.push(item.frame);
      addStep(item.frame, frames.length - 1);
      item.frame.findings.forEach(function (x) { if (x.severity === 'error') errors++; else warnings++; });
      $('verdict').textContent = 'live: ' + seen + ' messages, ' + errors + ' errors, ' + warnings + ' warnings';
      $('verdict').setAttribute('data-status', errors > 0 ? 'failed' : 'live');
      document.body.setAttribute('data-seq', String(seen));
      $('jump').max = String(frames.length - 1);
      if (follow) show(frames.length - 1);
      else { $('position').textContent = (current + 1) + ' / ' + frames.length; $('next').disabled = false; }
    };
    source.onerror = function () { document.body.setAttribute('data-stream', 'closed'); };
    source.onopen = function () { document.body.setAttribute('data-stream', 'open'); };
  }
  $('first').addEventListener('click', function () { show(0); });
  $('prev').addEventListener('click', function () { show(current - 1); });
  $('next').addEventListener('click', function () { show(current + 1); });
  $('last').addEventListener('click', function () { show(frames.length - 1); });
  $('zoom').addEventListener('click', function () {
    var fit = $('diagram').classList.toggle('fit');
    $('zoom').textContent = fit ? 'full size' : 'fit';
  });
  $('jump').addEventListener('input', function () { show(Number($('jump').value)); });
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') { show(current + 1); e.preventDefault(); }
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') { show(current - 1); e.preventDefault(); }
    else if (e.key === 'Home') { show(0); e.preventDefault(); }
    else if (e.key === 'End') { show(frames.length - 1); e.preventDefault(); }
  });
  show(0);
})();
`;
