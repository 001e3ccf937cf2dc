"""`ostraka diff A B --simulate GAME`: the balance change between two sides of a diff.

The same K seeded games of GAME are played on each side (game i seeded from (seed, i) on both, as
`sweep` plays a variant against its base), stored as runs "a" and "b" of one scratch database, and
compared with `simulate.compare` (two-proportion z tests for rates, Welch's t for means, Holm's
adjustment over all of them). The report keeps what a reviewer reads: each seat's wins and mean
score, and each added, removed or changed card's build count, build rate and builders' win rate.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.textsafe import code_span, markdown
from ..simulate.loading import UsageError


@dataclass(frozen=True)
class Balance:
    game: str
    players: int | None = None  # default: the game's fewest players
    games: int = 20
    seed: int = 0
    bots: str = "random"
    alpha: float = 0.05


def _game(side: Any, name: str) -> Any:
    for gid, game in side.games.items():
        if name in (gid, game.directory.name):
            return game
    raise UsageError(f"no game '{name}' in {side.label} (games there: {', '.join(sorted(side.games)) or 'none'})")


def _pick(rows: dict, metric: str, what: str) -> dict[str, Any] | None:
    r = rows.get((metric, what))
    if r is None:
        return None
    return {
        "a": r["base"],
        "b": r["variant"],
        "difference": r["difference"],
        "p": r["p"],
        "p_adjusted": r["p_adjusted"],
        "significant": r["significant"],
    }


def _touched(result: dict[str, Any], gid: str) -> list[str]:
    entry = next((g for g in result["games"] if g["id"] == gid), None)
    if entry is None:
        return []
    return [c["id"] for c in (*entry["changed"], *entry["added"], *entry["removed"])]


def balance(a: Any, b: Any, opts: Balance, result: dict[str, Any], scratch: Path) -> dict[str, Any]:
    """Play both sides and compare. UsageError (a bad option, a game without a flow) and
    simulate.loading.DataError (a side's game with errors) are the caller's to report."""
    from ..simulate.bots import BotOptions
    from ..simulate.command import labels, positive, prepare
    from ..simulate.compare import compare
    from ..simulate.run import Job, play
    from ..simulate.store import DB_NAME, Store, connect
    from ..simulate.summary import summarise

    if not 0 < opts.alpha < 1:
        raise UsageError(f"--alpha must be between 0 and 1, not {opts.alpha}")
    positive(opts.games, "--games")
    compiled = {"a": _game(a, opts.game), "b": _game(b, opts.game)}
    players = opts.players or compiled["b"].game.players.min
    prepared = {}
    for key, side in (("a", a), ("b", b)):  # both sides checked (flow, players, bots) before a game is played
        prepared[key] = prepare(side.root, str(compiled[key].directory), players, opts.games, opts.bots, 1, 50)
    seats = prepared["b"][1]
    db = scratch / DB_NAME
    store = Store(db)
    for key, side in (("a", a), ("b", b)):
        game = prepared[key][0]
        job = Job(str(side.root), str(game.directory), players, tuple(seats), opts.seed, "handlers", None, BotOptions())
        store.start_run(key, side.label, {"command": "diff", "game": game.id, "games": opts.games, "seed": opts.seed})
        store.add_all(key, play(job, opts.games, 1, False, label=f"{side.label}"))
        store.flush()
    store.close()
    con = connect(db)
    try:
        summaries = {k: summarise(con, k, labels(prepared[k][0])) for k in ("a", "b")}
        rows = {(r["metric"], r["what"]): r for r in compare(con, "a", "b", opts.alpha)}
    finally:
        con.close()
    wins = {k: {row["seat"]: row["wins"] for row in s["wins_by_seat"]} for k, s in summaries.items()}
    built = {k: {c["card"]: c["built"] for c in s["cards"]} for k, s in summaries.items()}
    gid = compiled["b"].id
    return {
        "game": gid,
        "players": players,
        "games": opts.games,
        "seed": opts.seed,
        "bots": list(seats),
        "alpha": opts.alpha,
        "mean_score": {k: summaries[k]["mean_score"]["value"] for k in ("a", "b")},
        "seats": [
            {
                "seat": s,
                "wins": {k: wins[k].get(s, 0) for k in ("a", "b")},
                "win_rate": _pick(rows, "win rate", f"seat {s}"),
                "mean_score": _pick(rows, "mean score", f"seat {s}"),
            }
            for s in range(players)
        ],
        "cards": [
            {
                "card": cid,
                "built": {k: built[k].get(cid, 0) for k in ("a", "b")},
                "build_rate": _pick(rows, "build rate", cid),
                "builder_win_rate": _pick(rows, "builder win rate", cid),
            }
            for cid in _touched(result, gid)
        ],
    }


# ----------------------------------------------------------------------------- rendering


def _num(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def _test(t: dict[str, Any] | None) -> str:
    """'0.350 -> 0.400 (+0.050, p = 0.74)': both sides, the difference, the Holm-adjusted p."""
    if t is None:
        return "-"
    mark = ", significant" if t["significant"] else ""
    return f"{_num(t['a'])} -> {_num(t['b'])} ({t['difference']:+.3f}, adjusted p = {t['p_adjusted']:.3g}{mark})"


def _significant(bal: dict[str, Any]) -> int:
    tests = [t for s in bal["seats"] for t in (s["win_rate"], s["mean_score"])]
    tests += [t for c in bal["cards"] for t in (c["build_rate"], c["builder_win_rate"])]
    return sum(1 for t in tests if t and t["significant"])


def heading(bal: dict[str, Any]) -> str:
    return (
        f"balance of {bal['game']}: the same {bal['games']} seeded games on each side (seed {bal['seed']}, "
        f"{bal['players']} players, bots {','.join(bal['bots'])}); {_significant(bal)} significant "
        f"(Holm-adjusted p < {bal['alpha']})"
    )


def text_lines(bal: dict[str, Any]) -> list[str]:
    ms = bal["mean_score"]
    lines = ["", heading(bal), f"  mean score: {ms['a']:.2f} -> {ms['b']:.2f}"]
    for s in bal["seats"]:
        lines.append(
            f"  seat {s['seat']}: wins {s['wins']['a']:g} -> {s['wins']['b']:g}; win rate {_test(s['win_rate'])}; "
            f"mean score {_test(s['mean_score'])}"
        )
    for c in bal["cards"]:
        lines.append(
            f"  {c['card']}: built {c['built']['a']} -> {c['built']['b']} times; build rate {_test(c['build_rate'])}; "
            f"builders' win rate {_test(c['builder_win_rate'])}"
        )
    return lines


def markdown_lines(bal: dict[str, Any]) -> list[str]:
    ms = bal["mean_score"]
    lines = [
        "",
        "#### Balance",
        "",
        markdown(heading(bal)),
        "",
        "| | a | b | difference | adjusted p | |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| mean score | {ms['a']:.2f} | {ms['b']:.2f} | {ms['b'] - ms['a']:+.2f} | | |",
    ]

    def row(label: str, t: dict[str, Any] | None) -> str:
        if t is None:
            return f"| {label} | - | - | | | |"
        return (
            f"| {label} | {_num(t['a'])} | {_num(t['b'])} | {t['difference']:+.3f} | {t['p_adjusted']:.3g} | "
            f"{'**significant**' if t['significant'] else ''} |"
        )

    for s in bal["seats"]:
        lines.append(f"| seat {s['seat']} wins | {s['wins']['a']:g} | {s['wins']['b']:g} | | | |")
        lines += [
            row(f"seat {s['seat']} win rate", s["win_rate"]),
            row(f"seat {s['seat']} mean score", s["mean_score"]),
        ]
    for c in bal["cards"]:
        lines.append(f"| {code_span(c['card'])} built | {c['built']['a']} | {c['built']['b']} | | | |")
        lines += [
            row(f"{code_span(c['card'])} build rate", c["build_rate"]),
            row(f"{code_span(c['card'])} builders' win rate", c["builder_win_rate"]),
        ]
    return lines
