"""DIR/report.html: one self-contained page (inline styles, static SVG, no script, no network).

What a designer balancing the game looks at: win rates by seat and by bot against an equal share,
score distributions, the game's own breakdowns (game.yaml `balance.report`), every card's build
rate, builder's win rate and points with 95% intervals, and how long games take.
"""

from __future__ import annotations

import math
from typing import Any

from jinja2 import Environment

from ..core.textsafe import finalize
from . import svg
from .summary import histogram

STYLE = """
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 16px 20px 40px; max-width: 980px; color: #1d1d1d; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ccc; }
h3 { font-size: 14px; margin: 16px 0 4px; }
p.meta, p.note { color: #555; margin: 4px 0; overflow-wrap: anywhere; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 12px 24px; }
.grid > div { min-width: 0; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; font-size: 13px; }
th, td { padding: 3px 6px; border-bottom: 1px solid #e4e4e4; text-align: right; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: #f5f5f5; font-weight: 600; }
td svg.whisker { vertical-align: middle; max-width: 100%; }
.iv { color: #777; font-size: 12px; }
svg.chart { display: block; width: 100%; max-width: 660px; height: auto; }
ul.flags { margin: 4px 0; padding-left: 20px; } ul.flags li { margin: 2px 0; overflow-wrap: anywhere; }
table.parts { margin: 6px 0 10px; } table.parts th { white-space: normal; }
"""

TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ name }}: balance report</title><style>{{ style }}</style></head>
<body>
<h1>{{ name }}: balance report</h1>
<p class="meta">{{ s.games }} games, {{ meta.players }} players, seed {{ meta.seed }}, bots {{ meta.bots | join(", ") }},
{{ meta.engine }} engine{% if "mcts" in meta.bots %}, MCTS {{ meta.mcts_simulations }} simulations a move{% endif %}.</p>
<p class="note">Intervals are 95%: Wilson score intervals for rates, Student t for means. A dashed line is an equal share
of the wins (1/{{ meta.players }}); a seat or bot whose interval misses it wins more or less often than chance explains.</p>

<section id="flags"><h2>What stands out</h2>
{% if s.flags %}<ul class="flags">{% for f in s.flags %}<li><b>{{ f.what }}</b>: {{ f.why }}</li>{% endfor %}</ul>
{% else %}<p class="note">Nothing: every win rate's interval holds a fair share, and every card was built in some games but not all.</p>{% endif %}
</section>

<section id="wins"><h2>Who wins</h2>
<div class="grid"><div><h3>Win rate by seat</h3>{{ seat_chart }}</div><div><h3>Win rate by bot</h3>{{ bot_chart }}</div></div>
<table><thead><tr><th>seat</th><th>wins</th><th>win rate</th><th>95% interval</th><th>mean score</th><th>95% interval</th></tr></thead><tbody>
{% for w, m in seat_rows %}<tr><td>seat {{ w.seat }} (p{{ w.seat + 1 }})</td><td>{{ "%.1f" % w.wins }}</td><td>{{ pct(w.rate.value) }}</td>
<td class="iv">{{ pct(w.rate.low) }} to {{ pct(w.rate.high) }}</td><td>{{ "%.2f" % m.score.value }}</td><td class="iv">{{ "%.2f" % m.score.low }} to {{ "%.2f" % m.score.high }}</td></tr>
{% endfor %}</tbody></table>
</section>

<section id="scores"><h2>Scores</h2>
<div class="grid"><div><h3>Final scores by seat</h3>{{ score_by_seat }}</div><div><h3>Final scores by bot</h3>{{ score_by_bot }}</div></div>
</section>

{% set parts = s.score_parts %}{% if parts and parts.categories %}
<section id="score-parts"><h2>Score by category</h2>
<p class="note">The mean points a seat scored in each part of the score, per game (the game's own categories: an effect's
<code>label</code>, else a card's category, game.yaml <code>balance.score_by</code>).</p>
{% for title, table in [("seat", parts.by_seat), ("bot", parts.by_bot)] %}
<table class="parts"><thead><tr><th>{{ title }}</th>{% for c in parts.categories %}<th title="{{ c }}">{{ c }}</th>{% endfor %}</tr></thead><tbody>
{% for key, means in table.items() | sort %}<tr><td>{{ title }} {{ key }}</td>{% for c in parts.categories %}<td>{{ "%.1f" % means.get(c, 0) }}</td>{% endfor %}</tr>
{% endfor %}</tbody></table>{% endfor %}
{% for label, table in parts.by_breakdown.items() %}
<table class="parts"><thead><tr><th>{{ label }}</th>{% for c in parts.categories %}<th title="{{ c }}">{{ c }}</th>{% endfor %}</tr></thead><tbody>
{% for key, means in table.items() | sort %}<tr><td title="{{ key }}">{{ key }}</td>{% for c in parts.categories %}<td>{{ "%.1f" % means.get(c, 0) }}</td>{% endfor %}</tr>
{% endfor %}</tbody></table>{% endfor %}
</section>{% endif %}

{% if s.strategy %}<section id="strategy"><h2>By strategy: what a player built most</h2>
{{ strategy_chart }}
<table><thead><tr><th>most built</th><th>players</th><th>win rate</th><th>95% interval</th><th>mean score</th><th>95% interval</th></tr></thead><tbody>
{% for r in s.strategy %}<tr><td>{{ r.most_built }}</td><td>{{ r.players }}</td><td>{{ pct(r.win_rate.value) }}</td>
<td class="iv">{{ pct(r.win_rate.low) }} to {{ pct(r.win_rate.high) }}</td><td>{{ "%.2f" % r.score.value }}</td><td class="iv">{{ "%.2f" % r.score.low }} to {{ "%.2f" % r.score.high }}</td></tr>
{% endfor %}</tbody></table></section>{% endif %}

{% for label, rows in s.breakdowns.items() %}
<section class="breakdown" id="by-{{ label | replace(' ', '-') }}"><h2>By {{ label }}</h2>
{{ breakdown_charts[label] }}
<table><thead><tr><th>{{ label }}</th><th>players</th><th>win rate</th><th>95% interval</th><th>mean score</th><th>95% interval</th></tr></thead><tbody>
{% for r in rows %}<tr><td title="{{ r.value }}">{{ r.value }}</td><td>{{ r.players }}</td><td>{{ pct(r.win_rate.value) }}</td>
<td class="iv">{{ pct(r.win_rate.low) }} to {{ pct(r.win_rate.high) }}</td><td>{{ "%.2f" % r.score.value }}</td><td class="iv">{{ "%.2f" % r.score.low }} to {{ "%.2f" % r.score.high }}</td></tr>
{% endfor %}</tbody></table></section>
{% endfor %}

<section id="cards"><h2>Cards</h2>
<p class="note">Build rate: the share of games in which someone built the card. Builder's win rate: how often the player who
built it won (dashed: an equal share). Points: the builder's score if the game ended then, after the step that built it, less
before it (game.yaml <code>balance.estimate</code>), measured when the run is asked to (<code>--card-points</code>); end-of-game points that depend on later cards are in the builder's final score.</p>
<table class="cards"><colgroup><col style="width:22%"><col style="width:7%"><col style="width:16%"><col style="width:10%"><col style="width:17%"><col style="width:12%"><col style="width:16%"></colgroup>
<thead><tr><th>card</th><th>built</th><th>build rate</th><th>builder wins</th><th>builder win rate</th><th>points</th><th>builder score</th></tr></thead><tbody>
{% for c in s.cards %}<tr><td title="{{ c.card }}">{{ names.get(c.card, c.card) }}</td><td>{{ c.built }}</td>
<td>{{ pct(c.build_rate.value) }} <span class="iv">{{ pct(c.build_rate.low) }}&ndash;{{ pct(c.build_rate.high) }}</span></td>
<td>{{ pct(c.builder_win_rate.value) }}</td><td>{{ whisker(c.builder_win_rate) }}</td>
<td>{% if c.points %}{{ "%.2f" % c.points.value }} <span class="iv">&plusmn;{{ "%.2f" % (c.points.high - c.points.value) }}</span>{% else %}&ndash;{% endif %}</td>
<td>{{ "%.1f" % c.builder_score.value }} <span class="iv">&plusmn;{{ "%.1f" % (c.builder_score.high - c.builder_score.value) }}</span></td></tr>
{% endfor %}</tbody></table>
{% if s.never_built %}<p id="never-built"><b>Never built:</b> {% for c in s.never_built %}{{ names.get(c, c) }}{% if not loop.last %}, {% endif %}{% endfor %}.</p>{% endif %}
</section>

<section id="length"><h2>Game length</h2>
<p>Decisions a game: mean {{ "%.1f" % s.length.decisions.value }} ({{ "%.1f" % s.length.decisions.low }} to {{ "%.1f" % s.length.decisions.high }}){% if s.length.rounds.value %};
{{ length_noun }} at the end: mean {{ "%.2f" % s.length.rounds.value }}{% endif %}.
Endings: {% for e, n in s.length.endings.items() %}{{ e }} {{ n }}{% if not loop.last %}, {% endif %}{% endfor %}.</p>
{{ length_chart }}
</section>
</body></html>
"""

_ENV = Environment(autoescape=True, finalize=finalize)
_TEMPLATE = _ENV.from_string(TEMPLATE)


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def render(con, game: Any, meta: dict, s: dict, run: str = "base") -> str:
    from markupsafe import Markup

    players = meta["players"]
    fair = 1 / players
    seat_rows = [(w, m) for w, m in zip(s["wins_by_seat"], s["mean_score_by_seat"])]
    top = lambda rows: min(1.0, math.ceil(max([r[3] for r in rows] + [fair]) * 10 - 1e-9) / 10)  # noqa: E731  (ticks at round percentages)
    seat_bars = [
        (f"seat {w['seat']}", w["rate"]["value"], w["rate"]["low"], w["rate"]["high"]) for w in s["wins_by_seat"]
    ]
    bot_bars = [(bot, v["rate"]["value"], v["rate"]["low"], v["rate"]["high"]) for bot, v in s["wins_by_bot"].items()]
    charts = {
        "seat_chart": svg.interval_bars("win rate by seat", seat_bars, fair, top(seat_bars)),
        "bot_chart": svg.interval_bars("win rate by bot", bot_bars, fair, top(bot_bars)),
        "score_by_seat": svg.histogram(
            "scores by seat", histogram(con, run, "score", "seats", "'seat ' || seat"), "final score"
        ),
        "score_by_bot": svg.histogram("scores by bot", histogram(con, run, "score", "seats", "bot"), "final score"),
        "length_chart": svg.histogram("game length", histogram(con, run, "decisions", "games"), "decisions in a game"),
    }
    strategy_bars = [
        (r["most_built"], r["win_rate"]["value"], r["win_rate"]["low"], r["win_rate"]["high"])
        for r in s.get("strategy", [])
    ]
    charts["strategy_chart"] = (
        svg.interval_bars("win rate by what was built most", strategy_bars, fair, top(strategy_bars))
        if strategy_bars
        else ""
    )
    breakdown_charts = {}
    for label, rows in s["breakdowns"].items():
        bars = [(r["value"], r["win_rate"]["value"], r["win_rate"]["low"], r["win_rate"]["high"]) for r in rows]
        breakdown_charts[label] = Markup(svg.interval_bars(f"win rate by {label}", bars, fair, top(bars)))
    counts: dict[str, int] = {}
    for card in game.cards.values():
        counts[card.name] = counts.get(card.name, 0) + 1
    # copies of a card (same name, ids of their own) are told apart by their id
    names = {cid: card.name if counts[card.name] == 1 else f"{card.name} ({cid})" for cid, card in game.cards.items()}
    balance = game.game.balance
    page = _TEMPLATE.render(
        name=game.game.name,
        meta=meta,
        s=s,
        style=Markup(STYLE),
        seat_rows=seat_rows,
        names=names,
        pct=_pct,
        breakdown_charts=breakdown_charts,
        length_noun=(balance.length if balance and balance.length else "rounds"),
        whisker=lambda r: Markup(svg.whisker(r["value"], r["low"], r["high"], 1.0, fair)),
        **{k: Markup(v) for k, v in charts.items()},
    )
    return page
