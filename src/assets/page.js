// backref inspection page: group highlighting, and "solve in this browser". No puzzle code:
// the page's data holds the group map (how each variable is read from a match) and the
// drawing description (what each value draws); both come from backref's Rust side.
window.backrefErrors = [];
window.addEventListener('error', function (e) { window.backrefErrors.push(String(e.message)); });
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('data').textContent);
  var $ = function (id) { return document.getElementById(id); };

  // --- groups: where captured, where read, what they mean -----------------------------------
  var info = $('group-info');
  var pinned = null;
  var lastGroups = null; // the captures of the last match in this browser
  function groupOf(target) {
    var t = target && target.closest ? target.closest('i[data-c],i[data-r]') : null;
    return t ? +(t.getAttribute('data-c') || t.getAttribute('data-r')) : null;
  }
  function show(g) {
    var on = document.querySelectorAll('i.on');
    for (var k = 0; k < on.length; k++) on[k].classList.remove('on');
    if (g === null) { info.hidden = true; return; }
    var all = document.querySelectorAll('i[data-c="' + g + '"],i[data-r="' + g + '"]');
    for (var j = 0; j < all.length; j++) all[j].classList.add('on');
    var m = data.groups[g - 1];
    info.textContent = '';
    var b = document.createElement('b');
    b.textContent = m.name;
    info.appendChild(b);
    var lines = [
      ' (group ' + g + ')',
      m.meaning,
      'captured in statement ' + (m.captured.join(', ') || 'none'),
      'read in statement' + (m.read.length === 1 ? ' ' : 's ') + (m.read.join(', ') || 'none'),
    ];
    if (lastGroups) {
      var c = lastGroups[g];
      lines.push('in this browser\'s match: ' + (c === null || c === undefined ? 'unset' : JSON.stringify(c)));
    }
    info.appendChild(document.createTextNode(lines[0]));
    for (var i = 1; i < lines.length; i++) {
      var p = document.createElement('div');
      p.textContent = lines[i];
      info.appendChild(p);
    }
    info.setAttribute('data-group', String(g));
    info.hidden = false;
  }
  document.addEventListener('mouseover', function (e) {
    var g = groupOf(e.target);
    if (g !== null && pinned === null) show(g);
  });
  document.addEventListener('mouseout', function (e) {
    if (groupOf(e.target) !== null && pinned === null) show(null);
  });
  document.addEventListener('click', function (e) {
    var g = groupOf(e.target);
    if (g === null) return;
    pinned = pinned === g ? null : g;
    show(pinned === null ? g : pinned);
  });

  // --- solving on a worker ------------------------------------------------------------------
  var WORKER =
    'onmessage = function (e) {' +
    '  var t0 = performance.now(), re, m;' +
    '  try { re = new RegExp(e.data.pattern); } catch (err) {' +
    '    postMessage({error: "the browser cannot compile the pattern: " + err.message}); return; }' +
    '  var t1 = performance.now();' +
    '  try { m = re.exec(e.data.subject); } catch (err) {' +
    '    postMessage({error: "the browser\'s engine stopped: " + err.message}); return; }' +
    '  var t2 = performance.now();' +
    '  postMessage({compileMs: t1 - t0, matchMs: t2 - t1,' +
    '    groups: m ? Array.prototype.map.call(m, function (x) { return x === undefined ? null : x; }) : null});' +
    '};';
  var status = $('status');
  function setState(state, text) {
    status.setAttribute('data-state', state);
    status.textContent = text;
  }

  // Reads every variable from the captures, as the group map says (backref_program's decode).
  function decode(groups) {
    var values = [];
    data.variables.forEach(function (v) {
      var r = v.read, text;
      if (r.kind === 'group') {
        text = groups[r.group];
        if (text === null || text === undefined) throw new Error('group ' + r.group + ' (' + v.name + ') is unset');
      } else if (r.kind === 'flags') {
        text = '';
        r.groups.forEach(function (g, j) {
          if (groups[g] === null || groups[g] === undefined) throw new Error('group ' + g + ' (' + v.name + ') is unset');
          if (groups[g] !== '') text = v.domain[j];
        });
      } else {
        var owned = [];
        data.resourceGroups[r.table].forEach(function (g, k) { if (groups[g] === r.token) owned.push(k); });
        var key = owned.join(',');
        var j = r.options.findIndex(function (o) {
          return o.slice().sort(function (a, b) { return a - b; }).join(',') === key;
        });
        text = j >= 0 ? v.domain[j] : '<resources ' + key + '>';
      }
      var index = v.domain.indexOf(text);
      if (index < 0) throw new Error(v.name + ': ' + JSON.stringify(text) + ' is not one of its values');
      values.push(index);
    });
    return values;
  }

  // Composes the marks of the values on the blank board (backref_pipeline's Drawing::compose).
  function draw(values) {
    var d = data.drawing;
    var grid = d.grid.map(function (row) { return Array.from(row); });
    var removed = {}, inserts = {};
    d.marks.forEach(function (m) {
      if (values[m.var] !== m.value) return;
      m.cells.forEach(function (c) {
        while (grid.length <= c[0]) grid.push([]);
        while (grid[c[0]].length <= c[1]) grid[c[0]].push(' ');
        grid[c[0]][c[1]] = c[2];
      });
      m.svg_remove.forEach(function (k) { removed[k] = true; });
      m.svg_insert.forEach(function (ins) {
        (inserts[ins[0]] = inserts[ins[0]] || []).push.apply(inserts[ins[0]], ins[1]);
      });
    });
    var svg = [];
    for (var k = 0; k <= d.svg.length; k++) {
      if (inserts[k]) svg.push.apply(svg, inserts[k]);
      if (k < d.svg.length && !removed[k]) svg.push(d.svg[k]);
    }
    return {
      grid: grid.map(function (r) { return r.join(''); }),
      svg: svg.filter(function (l) { return l.indexOf('<?xml') !== 0; }).join('\n'),
    };
  }

  // A board drawn from grid rows alone, for puzzles whose SVG does not compose from marks:
  // each character a cell, coloured by the character ('.' and ' ' left white).
  var blankChars = {};
  if (data.drawing) data.drawing.grid.forEach(function (r) { Array.from(r).forEach(function (c) { blankChars[c] = true; }); });
  function gridSvg(rows) {
    var cell = 28, h = rows.length, w = 1;
    rows.forEach(function (r) { w = Math.max(w, Array.from(r).length); });
    var esc = function (c) { return c.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); };
    var out = ['<svg xmlns="http://www.w3.org/2000/svg" class="generic" width="' + w * cell +
      '" height="' + h * cell + '" viewBox="0 0 ' + w * cell + ' ' + h * cell + '">'];
    rows.forEach(function (r, y) {
      Array.from(r).forEach(function (ch, x) {
        var blank = ch === '.' || ch === ' ' || blankChars[ch];
        var fill = blank ? '#fff' : 'hsl(' + (ch.charCodeAt(0) * 47) % 360 + ',60%,80%)';
        out.push('<rect x="' + x * cell + '" y="' + y * cell + '" width="' + cell + '" height="' +
          cell + '" fill="' + fill + '" stroke="#999"/>');
        if (!blank) {
          out.push('<text x="' + (x + 0.5) * cell + '" y="' + (y + 0.5) * cell + '" font-size="15" ' +
            'text-anchor="middle" dominant-baseline="central" font-family="sans-serif">' + esc(ch) + '</text>');
        }
      });
    });
    out.push('</svg>');
    return out.join('\n');
  }
  var generic = $('puzzle-svg');
  if (data.drawing && generic && generic.hasAttribute('data-generic')) {
    generic.innerHTML = gridSvg(data.drawing.grid);
  }

  function finish(result, wallMs) {
    window.backrefResult = result;
    document.body.setAttribute('data-solve', result.state);
  }

  function solved(msg, wallMs) {
    var timing = 'compile ' + msg.compileMs.toFixed(1) + ' ms, match ' + msg.matchMs.toFixed(1) +
      ' ms (' + wallMs.toFixed(0) + ' ms with the worker\'s start)';
    if (msg.groups === null) {
      setState('no-solution', 'no solution: the browser\'s engine exhausted the search; ' + timing);
      finish({state: 'no-solution', matchMs: msg.matchMs});
      return;
    }
    lastGroups = msg.groups;
    var values;
    try {
      values = decode(msg.groups);
    } catch (err) {
      setState('error', 'matched, but the captures do not decode: ' + err.message);
      finish({state: 'error', error: err.message});
      return;
    }
    var grid = [];
    if (data.drawing) {
      var out = draw(values);
      grid = out.grid;
      $('solved-svg').innerHTML = data.drawing.svg.length ? out.svg : gridSvg(grid);
    } else {
      values.forEach(function (x, i) {
        var v = data.variables[i];
        if (v.domain[x] !== '') grid.push(v.name + ' = ' + v.domain[x]);
      });
    }
    $('grid').textContent = grid.join('\n');
    $('grid').setAttribute('data-rows', JSON.stringify(grid));
    setState('solved', 'solved in this browser: ' + timing +
      '. Decoded and drawn here; the rule checker runs in the CLI (backref solve).');
    finish({state: 'solved', values: values, grid: grid, matchMs: msg.matchMs, compileMs: msg.compileMs});
  }

  $('solve-button').addEventListener('click', function () {
    var limit = Math.round(parseFloat($('limit').value) * 1000) || data.timeLimitMs;
    var worker;
    try {
      worker = new Worker(URL.createObjectURL(new Blob([WORKER], {type: 'text/javascript'})));
    } catch (err) {
      setState('error', 'no worker here: ' + err.message);
      finish({state: 'error', error: err.message});
      return;
    }
    var t0 = performance.now();
    setState('running', 'running the pattern with this browser\'s RegExp…');
    document.body.setAttribute('data-solve', 'running');
    var timer = setTimeout(function () {
      worker.terminate();
      setState('gave-up', 'gave up: the browser\'s engine was stopped after ' + limit / 1000 +
        ' s — nothing is known about this instance');
      finish({state: 'gave-up', limitMs: limit});
    }, limit);
    worker.onmessage = function (e) {
      clearTimeout(timer);
      worker.terminate();
      if (e.data.error) {
        setState('error', e.data.error);
        finish({state: 'error', error: e.data.error});
        return;
      }
      solved(e.data, performance.now() - t0);
    };
    worker.onerror = function (e) {
      clearTimeout(timer);
      setState('error', 'the worker failed: ' + e.message);
      finish({state: 'error', error: e.message});
    };
    worker.postMessage({
      pattern: data.pattern || $('pattern').textContent,
      subject: data.subject || $('subject').textContent,
    });
  });
  if (location.hash === '#solve') $('solve-button').click();
})();
