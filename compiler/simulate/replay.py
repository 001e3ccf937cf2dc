"""`ostraka play ... --html FILE`: a replay of the game, one self-contained HTML file (inline style
and script, the game as JSON inside it, no network), that steps through the game decision by
decision: each player's values, cards and score by category, the shared zones, the board where the
game has one, with the move log beside it (the narrator's lines, the current step's marked).

What it shows is what the game was told as (the session's viewer: everything, or what the person
who played a seat could see). Written beside its place and renamed over it, so a failed run leaves
no half-written file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from ..runtime.view import view


def frame(session: Any) -> dict[str, Any]:
    """The game now, as the replay shows it: the view, each seat's score by category, the log so far."""
    state = session.state
    return {
        "decision": state.decisions,
        "to_move": state.current_player() if not state.is_terminal() else None,
        "view": view(state, session.narrator.viewer).as_dict(),
        "scores": state.scores(),
        "parts": [[[name, points] for name, points in part] for part in session.scores.table()],
        "events": len(session.narrator.events),
    }


def names_of(game: Any) -> dict[str, Any]:
    """What the replay's script names things by: cards, nouns and zones as the sheet prints them,
    and each board symbol's colour."""
    from ..tools.narrate import Namer

    names = Namer(game)
    g = game.game
    nouns = {n: names.noun(n) for n in (*g.resources, *g.counters, *g.globals, *g.tracks)}
    symbols = {k: v.colour for k, v in g.sheet.symbols.items() if v.colour}
    return {
        "cards": {cid: card.name for cid, card in game.cards.items()},
        "nouns": nouns,
        "zones": {z: names.zone(z) for z in g.zones},
        "hidden": {z: spec.seen_by for z, spec in g.zones.items()},
        "symbols": symbols,
    }


def render(session: Any, result: dict, frames: list[dict[str, Any]]) -> str:
    game = session.state.game
    data = {
        "game": game.game.name,
        "result": {k: result[k] for k in ("players", "seed", "bots", "scores", "winner", "tie_break", "rank_by")},
        "viewer": session.narrator.viewer,
        "names": names_of(game),
        "events": [e.as_dict() for e in session.narrator.events],
        "frames": frames,
        "score_noun": session.narrator.names.noun(game.game.score) if game.game.score else "score",
    }
    # JSON inside <script>: '<' escaped so that no text of the data can close the element
    payload = json.dumps(data, sort_keys=True, ensure_ascii=False).replace("<", "\\u003c")
    return _TEMPLATE.render(
        title=f"{game.game.name}: replay", data=Markup(payload), style=Markup(STYLE), script=Markup(SCRIPT)
    )


def write_replay(path: Path, session: Any, result: dict) -> None:
    frames = session.frames or [frame(session)]
    page = render(session, result, frames)
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(page)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)  # as a file opened for writing would be, not mkstemp's 0600
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


STYLE = """
* { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d1d1d; background: #fafafa; }
header { padding: 10px 16px; background: #fff; border-bottom: 1px solid #ddd; position: sticky; top: 0; z-index: 2; }
h1 { font-size: 18px; margin: 0 0 4px; }
.meta { color: #555; font-size: 13px; }
.controls { display: flex; gap: 8px; align-items: center; margin-top: 6px; flex-wrap: wrap; }
.controls button { font: inherit; padding: 2px 10px; }
.controls input[type=range] { flex: 1; min-width: 160px; }
main { display: grid; grid-template-columns: minmax(0, 1fr) 360px; gap: 12px; padding: 12px 16px; }
#players { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 10px; align-content: start; }
.player, .table { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 8px 10px; min-width: 0; }
.player.current { border-color: #c77d00; box-shadow: 0 0 0 2px #f3d9a8; }
.player h2, .table h2 { font-size: 15px; margin: 0 0 4px; display: flex; justify-content: space-between; }
.values { display: flex; flex-wrap: wrap; gap: 3px 10px; font-size: 12px; color: #333; margin-bottom: 4px; }
.zone { margin: 3px 0; font-size: 12px; }
.zone b { font-weight: 600; color: #444; }
.zone details { display: inline; } .zone summary { display: inline; cursor: pointer; color: #666; }
.chip { display: inline-block; background: #eef2f7; border: 1px solid #d5dde8; border-radius: 3px; padding: 0 4px; margin: 1px 2px 1px 0; white-space: nowrap; }
.chip.down { background: #eee; color: #777; border-style: dashed; }
table.parts { border-collapse: collapse; width: 100%; font-size: 12px; margin-top: 4px; }
table.parts td { padding: 1px 4px; border-top: 1px solid #eee; }
table.parts td.n { text-align: right; }
table.parts tr.total td { font-weight: 600; border-top: 1px solid #999; }
#board svg { width: 100%; max-height: 520px; background: #fff; border: 1px solid #ddd; border-radius: 6px; }
#log { background: #fff; border: 1px solid #ddd; border-radius: 6px; height: calc(100vh - 130px);
  overflow-y: auto; padding: 6px 8px; font-size: 12.5px; position: sticky; top: 100px; }
#log p { margin: 2px 0; padding: 1px 4px; border-radius: 3px; overflow-wrap: anywhere; }
#log p.phase { font-weight: 600; margin-top: 8px; }
#log p.between { color: #666; }
#log p.future { display: none; }
#log p.now { background: #fff1cc; }
@media (max-width: 760px) { main { grid-template-columns: 1fr; } #log { height: 320px; position: static; } }
"""

SCRIPT = r"""
(function () {
  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var names = data.names, frames = data.frames;
  var at = 0;
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
  function card(id) { return names.cards[id] || id; }
  function noun(n) { return names.nouns[n] || n.replace(/_/g, ' '); }
  function zoneLabel(z) { return names.zones[z] || z.replace(/_/g, ' '); }
  function zone(z, v) {
    var d = el('div', 'zone'); d.appendChild(el('b', '', zoneLabel(z) + ': '));
    if (v.cards && names.hidden[z] === 'nobody' && v.cards.length > 3) {  // face down: seen in a replay, folded
      var fold = el('details'); fold.appendChild(el('summary', '', v.count + ' cards, face down'));
      v.cards.forEach(function (c) { fold.appendChild(el('span', 'chip', card(c))); }); d.appendChild(fold);
    }
    else if (v.cards) { v.cards.forEach(function (c) { d.appendChild(el('span', 'chip', card(c))); }); }
    else if (v.runs) { v.runs.forEach(function (r) { d.appendChild(el('span', 'chip down', r[1] + ' ' + r[0])); }); }
    else { d.appendChild(el('span', 'chip down', v.count + (v.count === 1 ? ' card' : ' cards') + (names.hidden[z] === 'nobody' ? ' face down' : ''))); }
    return d;
  }
  function values(vals) {
    var d = el('div', 'values');
    Object.keys(vals).sort().forEach(function (k) { if (vals[k]) d.appendChild(el('span', '', noun(k) + ' ' + vals[k])); });
    return d;
  }
  function parts(seat, f) {
    var t = el('table', 'parts');
    (f.parts[seat] || []).forEach(function (p) {
      var r = el('tr'); r.appendChild(el('td', '', p[0])); r.appendChild(el('td', 'n', String(p[1]))); t.appendChild(r); });
    var r = el('tr', 'total'); r.appendChild(el('td', '', data.score_noun)); r.appendChild(el('td', 'n', String(f.scores[seat]))); t.appendChild(r);
    return t;
  }
  function board(b) {
    var host = document.getElementById('board'); host.textContent = '';
    var hexes = b.hexes || {}; var keys = Object.keys(hexes); if (!keys.length) { host.hidden = true; return; }
    host.hidden = false;
    var s = 22, pts = [], minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
    keys.forEach(function (k) { var q = +k.split(',')[0], r = +k.split(',')[1]; var x = s * Math.sqrt(3) * (q + r / 2), y = s * 1.5 * r;
      pts.push([k, x, y]); minx = Math.min(minx, x); maxx = Math.max(maxx, x); miny = Math.min(miny, y); maxy = Math.max(maxy, y); });
    var NS = 'http://www.w3.org/2000/svg', svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', (minx - s * 1.2) + ' ' + (miny - s * 1.2) + ' ' + (maxx - minx + s * 2.4) + ' ' + (maxy - miny + s * 2.4));
    svg.setAttribute('role', 'img'); svg.setAttribute('aria-label', 'the board');
    pts.forEach(function (p) {
      var k = p[0], x = p[1], y = p[2], h = hexes[k], poly = document.createElementNS(NS, 'polygon'), c = [];
      for (var i = 0; i < 6; i++) { var a = Math.PI / 180 * (60 * i - 30); c.push((x + s * Math.cos(a)).toFixed(1) + ',' + (y + s * Math.sin(a)).toFixed(1)); }
      poly.setAttribute('points', c.join(' ')); poly.setAttribute('class', 'hex');
      poly.setAttribute('fill', names.symbols[h.symbol] || '#e0e0e0'); poly.setAttribute('stroke', '#fff'); svg.appendChild(poly);
      var piece = (b.pieces || {})[k];
      if (piece) { var t = document.createElementNS(NS, 'text'); t.setAttribute('x', x); t.setAttribute('y', y + 3); t.setAttribute('text-anchor', 'middle');
        t.setAttribute('font-size', '6'); t.setAttribute('fill', '#fff'); t.setAttribute('class', 'piece');
        t.textContent = piece[0] + ' ' + card(piece[1]).slice(0, 8); svg.appendChild(t);
        var tip = document.createElementNS(NS, 'title'); tip.textContent = piece[0] + ': ' + card(piece[1]); poly.appendChild(tip); }
    });
    host.appendChild(svg);
  }
  function show(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    var f = frames[at], v = f.view;
    document.getElementById('where').textContent = 'decision ' + f.decision + ' (' + (at + 1) + ' of ' + frames.length + ')';
    document.getElementById('step').value = at;
    var host = document.getElementById('players'); host.textContent = '';
    var tbl = el('section', 'table'); tbl.appendChild(el('h2', '', 'the table'));
    tbl.appendChild(values(v.globals));
    Object.keys(v.zones).sort().forEach(function (z) { if (v.zones[z].count) tbl.appendChild(zone(z, v.zones[z])); });
    host.appendChild(tbl);
    var since = at > 0 ? frames[at - 1].events : 0;  // the events that led to what is shown
    v.players.forEach(function (p) {
      var box = el('section', 'player' + (p.seat === f.to_move ? ' current' : ''));
      box.setAttribute('data-seat', p.seat);
      var h = el('h2'); h.appendChild(el('span', '', p.id + (p.seat === data.viewer ? ' (you)' : '') + (p.seat === v.start ? ' · start' : '')));
      h.appendChild(el('span', '', f.scores[p.seat] + ' ' + data.score_noun)); box.appendChild(h);
      box.appendChild(values(p.values));
      Object.keys(p.zones).sort().forEach(function (z) { if (p.zones[z].count) box.appendChild(zone(z, p.zones[z])); });
      box.appendChild(parts(p.seat, f)); host.appendChild(box);
    });
    board(v.board || {});
    var log = document.getElementById('log').children, end = f.events;
    for (var j = 0; j < log.length; j++) { log[j].className = log[j].getAttribute('data-kind') + (j >= end ? ' future' : (j >= since ? ' now' : '')); }
    var now = document.querySelector('#log p.now') || log[Math.min(end, log.length) - 1];
    if (now && now.scrollIntoView) now.scrollIntoView({block: 'nearest'});
  }
  var log = document.getElementById('log');
  data.events.forEach(function (e) { var p = el('p', e.kind, e.text); p.setAttribute('data-kind', e.kind); log.appendChild(p); });
  var step = document.getElementById('step'); step.max = frames.length - 1;
  step.addEventListener('input', function () { show(+step.value); });
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(at - 1); };
  document.getElementById('next').onclick = function () { show(at + 1); };
  document.getElementById('last').onclick = function () { show(frames.length - 1); };
  document.addEventListener('keydown', function (e) { if (e.key === 'ArrowRight') show(at + 1); if (e.key === 'ArrowLeft') show(at - 1); });
  window.replay = { show: show, frames: frames.length, at: function () { return at; } };
  var start = +(location.hash.replace('#', '') || 0); show(isNaN(start) ? 0 : start);
})();
"""

_TEMPLATE = Environment(autoescape=True).from_string(
    """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>{{ title }}</title><style>{{ style }}</style></head>
<body>
<header><h1>{{ title }}</h1>
<div class="meta" id="meta"></div>
<div class="controls"><button id="first" title="first">&laquo; first</button><button id="prev" title="previous (&larr;)">&#x25C0;</button>
<input id="step" type="range" min="0" value="0" aria-label="decision"><button id="next" title="next (&rarr;)">&#x25B6;</button>
<button id="last" title="last">last &raquo;</button><span id="where"></span></div></header>
<main><div><div id="players"></div><div id="board"></div></div><aside id="log" aria-label="moves"></aside></main>
<script type="application/json" id="replay-data">{{ data }}</script>
<script>{{ script }}
(function () { var d = JSON.parse(document.getElementById('replay-data').textContent), r = d.result;
  document.getElementById('meta').textContent = r.players + ' players, seed ' + r.seed + ', ' + r.bots.join(', ') +
    ' · winner: ' + r.winner.map(function (s) { return 'p' + (s + 1); }).join(' and ') + (r.tie_break ? ' (' + r.tie_break + ')' : '');
})();</script>
</body></html>
"""
)
