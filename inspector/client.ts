/**
 * The inspector page's script (plain ES2017, no dependencies): reads the frames from the page
 * (and, for a live session, from its event stream as they come); opens the machine the current
 * step moves, highlights its active states and the transitions just taken and brings them into
 * view; folds the others to a line with their state; names each step in the list; and fills the
 * panels.
 */
export const INSPECTOR_SCRIPT = String.raw`
(function () {
  var data = JSON.parse(document.getElementById('trace').textContent);
  var frames = data.frames;
  var current = 0;
  var $ = function (id) { return document.getElementById(id); };
  var ARROW = { client_to_server: 'client \u2192 server', server_to_client: 'server \u2192 client' };
  var sections = {};
  document.querySelectorAll('section.machine').forEach(function (s) { sections[s.getAttribute('data-machine')] = s; });
  var order = Object.keys(sections);
  var opened = {}, folded = {}, lastPrimary = null;
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
  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
  function count(f, severity) { return f.findings.filter(function (x) { return x.severity === severity; }).length; }
  /** The profile in force at frame k: the latest a frame settled, else the page's. */
  function profileAt(k) {
    for (var i = k; i >= 0; i--) if (frames[i].profile) return frames[i].profile;
    return data.profile;
  }
  function statesOf(f, machine) {
    return f.actors.filter(function (a) { return a.machine === machine; }).map(function (a) { return a.state; });
  }
  /** The machines frame k moved: a transition taken, or an actor started, ended or in another state. */
  function movedAt(k) {
    var f = frames[k], before = k > 0 ? frames[k - 1] : null, out = {};
    f.taken.forEach(function (t) { out[t.split(':')[0]] = true; });
    if (before) order.forEach(function (m) { if (statesOf(f, m).join('|') !== statesOf(before, m).join('|')) out[m] = true; });
    return out;
  }
  /**
   * The machine to open at frame k: the first the latest moving step moved, in diagram order,
   * correlation (which every request and response moves) only when it moved alone.
   */
  function primaryAt(k, shown) {
    for (var j = k; j >= 0; j--) {
      var moved = movedAt(j);
      var list = shown.filter(function (m) { return moved[m]; });
      var others = list.filter(function (m) { return m !== 'correlation'; });
      if (list.length > 0) return (others.length > 0 ? others : list)[0];
    }
    return shown.indexOf('lifecycle') >= 0 ? 'lifecycle' : shown[0];
  }
  function stateSummary(states) {
    if (states.length === 0) return 'no actor yet';
    if (states.length === 1) return states[0];
    var shown = states.slice(0, 3).join(', ');
    return states.length + ' actors: ' + shown + (states.length > 3 ? ', \u2026' : '');
  }
  /** What to bring into view in the open machine: the state an actor just entered, else the transition taken, else an active state. */
  function focusOf(k, machine) {
    var f = frames[k], before = k > 0 ? frames[k - 1] : null;
    var now = statesOf(f, machine), then = before ? statesOf(before, machine) : [];
    for (var i = 0; i < now.length; i++) {
      if (now[i] !== then[i]) {
        var leaf = document.getElementById('state:' + machine + '.' + now[i].split(',')[0]);
        if (leaf) return leaf;
      }
    }
    var edge = sections[machine].querySelector('svg .taken-now');
    if (edge) return edge;
    return sections[machine].querySelector('svg g.node.active') || sections[machine].querySelector('svg g.active');
  }
  function layout(k) {
    var f = frames[k];
    var shown = profileAt(k).machines.filter(function (m) { return sections[m]; });
    var moved = movedAt(k);
    var primary = primaryAt(k, shown);
    if (primary !== lastPrimary) { folded = {}; lastPrimary = primary; }
    order.forEach(function (m) {
      var s = sections[m];
      s.hidden = shown.indexOf(m) < 0;
      var open = (m === primary && !folded[m]) || !!opened[m];
      s.classList.toggle('open', open);
      s.classList.toggle('current', m === primary);
      s.classList.toggle('moved-now', !!moved[m]);
      var button = s.querySelector('button.fold');
      button.setAttribute('aria-expanded', String(open));
      s.querySelector('.twisty').textContent = open ? '\u25BE' : '\u25B8';
      s.querySelector('.machine-state').textContent = stateSummary(statesOf(f, m));
      var taken = f.taken.filter(function (t) { return t.split(':')[0] === m; }).length;
      s.querySelector('.moved').textContent = moved[m] ? (taken > 0 ? 'moved: ' + plural(taken, 'transition') : 'moved') : '';
    });
    document.body.setAttribute('data-machine', primary || '');
    $('profile').textContent = 'profile ' + profileAt(k).id + ' (MCP ' + profileAt(k).protocolVersion + ')';
    $('profile').setAttribute('data-profile', profileAt(k).id);
    var focus = primary && sections[primary].classList.contains('open') ? focusOf(k, primary) : null;
    if (focus) {
      focus.scrollIntoView({ block: 'center', inline: 'center' });
      alongWithTaken(sections[primary], focus);
    } else if (primary) sections[primary].scrollIntoView({ block: 'nearest' });
  }
  /** Shifts the open drawing so that the transitions just taken come into view beside the state in focus, when both fit. */
  function alongWithTaken(section, focus) {
    var drawing = section.querySelector('.drawing');
    var box = drawing.getBoundingClientRect();
    var r = focus.getBoundingClientRect();
    var u = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    section.querySelectorAll('svg .taken-now').forEach(function (n) {
      var e = n.getBoundingClientRect();
      u = { left: Math.min(u.left, e.left), top: Math.min(u.top, e.top), right: Math.max(u.right, e.right), bottom: Math.max(u.bottom, e.bottom) };
    });
    if (u.right - u.left <= box.width) drawing.scrollLeft += (u.left + u.right) / 2 - (box.left + box.width / 2);
    if (u.bottom - u.top <= box.height) drawing.scrollTop += (u.top + u.bottom) / 2 - (box.top + box.height / 2);
  }
  function stepName(f) {
    var s = f.step;
    if (!s) return f.what || (f.label === 'start' ? 'before the first step' : 'not a message');
    if (s.control_event) return 'control: ' + (s.control_event.type || 'event');
    return f.name === null ? 'a message naming no request' : f.name;
  }
  function show(i) {
    current = Math.max(0, Math.min(frames.length - 1, i));
    var f = frames[current];
    document.body.setAttribute('data-frame', String(current));
    $('position').textContent = (current + 1) + ' / ' + frames.length;
    $('jump').value = String(current);
    $('step-label').textContent = f.label + '  ' + stepName(f) + (f.id !== null ? '  id ' + f.id : '') + (f.pointer ? '  ' + f.pointer : '');
    var s = f.step;
    $('direction').textContent = !s ? (f.label === 'start' ? 'before the first step' : 'none (not a message)') : s.control_event ? 'control event' : ARROW[s.direction] || s.direction;
    $('message').textContent = !s ? '' : JSON.stringify(s.control_event ? s.control_event : s.message, null, 2);
    $('transport').textContent = s && s.transport_context ? JSON.stringify(s.transport_context, null, 2) : '';
    $('transport-box').hidden = !(s && s.transport_context);
    var findings = clear($('findings'));
    f.findings.forEach(function (x) {
      var li = el('li', { 'class': 'finding ' + x.severity, 'data-rule': x.rule });
      li.appendChild(el('code', {}, x.rule));
      li.appendChild(document.createTextNode(' ' + x.severity + ' at '));
      li.appendChild(el('code', { 'class': 'pointer' }, x.pointer || '/'));
      if (x.note) li.appendChild(el('span', { 'class': 'note' }, ' (' + x.note + ')'));
      li.appendChild(el('div', {}, x.message));
      findings.appendChild(li);
    });
    if (f.findings.length === 0) findings.appendChild(el('li', { 'class': 'none' }, 'no findings'));
    var shown = profileAt(current).machines;
    var actors = clear($('actors'));
    f.actors.forEach(function (a) {
      if (shown.indexOf(a.machine) >= 0) actors.appendChild(row([a.actor, a.state], { 'data-machine': a.machine, 'data-state': a.state }));
    });
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
    var items = document.querySelectorAll('#steps li');
    items.forEach(function (li, k) { li.classList.toggle('current', k === current); });
    if (items[current]) items[current].scrollIntoView({ block: 'nearest' });
    $('prev').disabled = current === 0;
    $('next').disabled = current === frames.length - 1;
    layout(current);
  }
  var steps = $('steps');
  function addStep(f, k) {
    var errors = count(f, 'error'), warnings = count(f, 'warning');
    var li = el('li', { 'data-index': String(k) });
    li.appendChild(el('span', { 'class': 'place' }, f.label));
    if (f.direction) { li.appendChild(document.createTextNode(' ')); li.appendChild(el('span', { 'class': 'dir' }, ARROW[f.direction] || f.direction)); }
    li.appendChild(document.createTextNode(' '));
    li.appendChild(el('span', { 'class': 'name', 'data-name': f.name === null || f.name === undefined ? '' : f.name }, stepName(f)));
    if (f.id !== null) { li.appendChild(document.createTextNode(' ')); li.appendChild(el('span', { 'class': 'id' }, 'id ' + f.id)); }
    // A message with an error finding was rejected by the session; a transport event with one was not a message at all.
    var rejected = errors > 0 && !!f.step;
    var says = [];
    if (errors > 0) says.push((rejected ? 'rejected: ' : '') + plural(errors, 'error'));
    if (warnings > 0) says.push(plural(warnings, 'warning'));
    if (errors > 0) { li.appendChild(document.createTextNode(' ')); li.appendChild(el('span', { 'class': 'mark error', title: says[0] }, '\u2716 ' + errors)); }
    if (warnings > 0) { li.appendChild(document.createTextNode(' ')); li.appendChild(el('span', { 'class': 'mark warning', title: says[says.length - 1] }, '\u26A0 ' + warnings)); }
    li.className = 'step' + (rejected ? ' rejected' : '') + (errors > 0 ? ' has-error' : '') + (warnings > 0 ? ' has-warning' : '');
    li.setAttribute('data-findings', says.join(', '));
    li.title = li.textContent + (says.length > 0 ? ' (' + says.join(', ') + ')' : '');
    li.addEventListener('click', function () { show(k); });
    steps.appendChild(li);
  }
  frames.forEach(addStep);
  $('jump').max = String(frames.length - 1);
  order.forEach(function (m) {
    sections[m].querySelector('button.fold').addEventListener('click', function () {
      var open = sections[m].classList.contains('open');
      if (open) { delete opened[m]; if (m === lastPrimary) folded[m] = true; }
      else { opened[m] = true; delete folded[m]; }
      layout(current);
    });
  });
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
      $('verdict').textContent = 'live: ' + plural(seen, 'message') + ', ' + plural(errors, 'error') + ', ' + plural(warnings, 'warning');
      $('verdict').setAttribute('data-status', errors > 0 ? 'fail' : 'live');
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
