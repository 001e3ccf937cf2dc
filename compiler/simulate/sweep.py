"""`ostraka sweep`: the same games (the same seeds) under the base card data and under each
variant, one database with a run per variant, and a report of the significant differences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from ..core.limits import Runaway
from ..core.textsafe import finalize, one_line
from .command import Echo, Runs, labels, too_long
from .loading import DataError, UsageError
from .outdir import check, staged
from .run import RayUnavailable

DIFFERENCES = [0.02, 0.05, 0.10]


def command(root: Path, game_name: str, variants: list[str], runs: Runs, alpha: float, echo: Echo) -> int:
    from .variants import changed_cards, load_variant, variant_name

    try:
        if not variants:
            raise UsageError("name at least one variant file (--variants FILE ...)")
        if not 0 < alpha < 1:
            raise UsageError(f"--alpha must be between 0 and 1, not {alpha}")
        game, seats = runs.prepare(root, game_name)
        target = runs.target(root, "sweeps", game.id)
        check(target, root)
        names: list[str] = []
        for v in variants:
            load_variant(root, game.directory.name, Path(v))  # every variant checked before any game is played
            name = variant_name(Path(v))
            if name in names or name == "base":
                raise UsageError(f"two variants are named '{name}' (give each a `name:`)")
            names.append(name)
    except UsageError as exc:
        echo(f"ostraka: error: {exc}", err=True)
        return 2
    except DataError as exc:
        echo(exc.text, err=True)
        return 1
    from .compare import compare, power_table
    from .store import DB_NAME, Store, connect
    from .summary import summarise

    games, players, out = runs.games, runs.players, target
    meta = {
        **runs.meta("sweep", game.id, seats),
        "alpha": alpha,
        "variants": [{"name": n, "file": str(v)} for n, v in zip(names, variants)],
    }
    sides = [("base", None)] + [(n, str(Path(v).resolve())) for n, v in zip(names, variants)]
    try:
        with staged(Path(out), meta, root) as work:
            store = Store(work / DB_NAME)
            for name, variant in sides:
                store.start_run(name, variant or "", meta)
                store.add_all(name, runs.play(runs.job(root, game.directory.name, seats, variant), label=name))
                store.flush()
            store.close()
            con = connect(work / DB_NAME)
            try:
                result: dict[str, Any] = {
                    "games": games,
                    "alpha": alpha,
                    "base": summarise(con, "base", labels(game)),
                    "variants": [],
                }
                for name, variant in sides[1:]:
                    changed = changed_cards(Path(variant)) if variant else frozenset()
                    result["variants"].append(
                        {
                            "name": name,
                            "file": variant,
                            "changed": sorted(changed),
                            "differences": compare(con, "base", name, alpha, changed),
                        }
                    )
            finally:
                con.close()
            result["power"] = power_table(players, DIFFERENCES, alpha)
            (work / "report.html").write_text(render(game, meta, result), encoding="utf-8")
    except Runaway as exc:
        return too_long(root, game, exc, players, echo)
    except RayUnavailable as exc:
        echo(f"ostraka: error: {exc}", err=True)
        return 2
    if runs.fmt == "json":
        echo(json.dumps(result, sort_keys=True))  # (ASCII: json escapes every control character)
        return 0
    shown_echo = echo
    echo = lambda line: shown_echo(one_line(line))  # noqa: E731 - variant names and cards from data
    echo(f"{games} games for the base and each of {len(names)} variants; report in {Path(out) / 'report.html'}")
    card_names = {cid: card.name for cid, card in game.cards.items()}
    for v in result["variants"]:
        found = [d for d in v["differences"] if d["significant"]]
        echo(
            f"{v['name']}: {len(found)} significant difference{'s' if len(found) != 1 else ''} (Holm-adjusted p < {alpha})"
        )
        shown = [d for d in v["differences"] if d["changed"]] + [d for d in found if not d["changed"]]
        for d in shown[:12]:
            need = f"; {d['games_needed']} games to tell" if d.get("games_needed") and not d["significant"] else ""
            mark = "*" if d["significant"] else " "
            echo(
                f" {mark}{d['metric']} {card_names.get(d['what'], d['what'])}: {d['base']} -> {d['variant']}"
                f" (p = {d['p']:.3g}{need})"
            )
    return 0


TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ name }}: variants compared</title><style>{{ style }}
tr.sig td { background: #fff4d6; } tr.changed td:first-child { border-left: 3px solid #3b6ea5; } td.what, th:nth-child(2) { white-space: normal; text-align: left; }</style></head><body>
<h1>{{ name }}: variants compared</h1>
<p class="meta">{{ r.games }} games for the base and for each variant, the same seeds; {{ meta.players }} players, bots
{{ meta.bots | join(", ") }}. What is one value a game (a seat's or a bot's win share and score, the game's length, whether a
card was built) is compared game by game: a paired t test; the rest (a breakdown's value, a card's builders) by a two-proportion
z test. A difference is significant when its
p-value, Holm-adjusted over all of a variant's comparisons, is under {{ r.alpha }}. The games are paired: chance and the bots are
keyed by game and decision, so the base and a variant play the same game until the first decision the variant changes, and
what is one value a game is compared game by game (paired t). "Games to tell": how many games a difference of the observed size
needs to be told from chance (at {{ r.alpha }}, power 0.8).</p>
<section id="power"><h2>How many games it takes</h2>
<p class="note">Games per variant to tell a seat's win rate of an equal share ({{ "%.1f" % (100 / meta.players) }}%) from one
that differs by: {% for p in r.power %}{{ "%.0f" % (p.difference * 100) }} points: {{ p.games }} games{% if not loop.last %}; {% endif %}{% endfor %}
(two-sided test at {{ r.alpha }}, power 0.8). "Games to tell" below is the same for each observed difference.</p></section>
{% for v in r.variants %}
<section class="variant" id="variant-{{ loop.index }}"><h2>{{ v.name }}</h2>
{% set sig = v.differences | selectattr("significant") | list %}
<p>{{ sig | length }} significant difference{{ "" if sig | length == 1 else "s" }} out of {{ v.differences | length }} compared.
{% if v.changed %}Cards it changes (first below): {% for c in v.changed %}<b>{{ names.get(c, c) }}</b>{% if not loop.last %}, {% endif %}{% endfor %}.{% endif %}</p>
{{ charts[loop.index0] }}
<table><colgroup><col style="width:15%"><col style="width:23%"><col style="width:10%"><col style="width:10%"><col style="width:10%"><col style="width:10%"><col style="width:10%"><col style="width:12%"></colgroup>
<thead><tr><th>metric</th><th>what</th><th>base</th><th>variant</th><th>test</th><th>p</th><th>adjusted p</th><th>games to tell</th></tr></thead><tbody>
{% for d in v.differences[:60] %}<tr class="{{ 'sig' if d.significant else '' }}{{ ' changed' if d.changed else '' }}"><td>{{ d.metric }}</td><td class="what">{{ names.get(d.what, d.what) }}</td>
<td>{{ fmt(d.metric, d.base) }}</td><td>{{ fmt(d.metric, d.variant) }}</td><td>{{ d.test }}</td><td>{{ "%.3g" % d.p }}</td><td>{{ "%.3g" % d.p_adjusted }}</td>
<td>{{ d.games_needed if d.games_needed is defined else "" }}</td></tr>
{% endfor %}</tbody></table>{% if v.differences | length > 60 %}<p class="note">{{ v.differences | length - 60 }} more in the JSON output.</p>{% endif %}
</section>
{% endfor %}
</body></html>
"""


def render(game: Any, meta: dict, result: dict) -> str:
    from . import svg
    from .report import STYLE

    def fmt(metric: str, value: float) -> str:
        return f"{value * 100:.1f}%" if "rate" in metric else f"{value:.2f}"

    names = {cid: card.name for cid, card in game.cards.items()}
    charts = []
    for v in result["variants"]:
        # the changed cards' differences and the significant ones, with their intervals (paired rows)
        shown = [d for d in v["differences"] if "low" in d and (d["changed"] or d["significant"])][:16]
        rows = [
            (f"{d['metric']}: {names.get(d['what'], d['what'])}", d["difference"], d["low"], d["high"]) for d in shown
        ]
        percent = all("rate" in d["metric"] for d in shown)
        charts.append(Markup(svg.difference_bars(f"{v['name']} against the base", rows, percent)) if rows else "")
    return (
        Environment(autoescape=True, finalize=finalize)
        .from_string(TEMPLATE)
        .render(name=game.game.name, meta=meta, r=result, style=Markup(STYLE), fmt=fmt, names=names, charts=charts)
    )
