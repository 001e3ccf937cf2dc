"""What a run's database says, as plain values with 95% intervals (SQL does the counting, so the
summary costs the same memory for ten games or a million)."""

from __future__ import annotations

from typing import Any

from .stats import mean_interval, wilson


def _rows(con, sql: str, params: list) -> list[tuple]:
    return con.execute(sql, params).fetchall()


def summarise(con, run: str = "base", labels: list[str] | None = None, game: Any = None) -> dict[str, Any]:
    """`labels`: the breakdowns in game.yaml's order (else alphabetical); `game` (the compiled game):
    what the report answers beyond counts: cards never built, the strategy view, the flags."""
    (games,) = _rows(con, "SELECT count(*) FROM games WHERE run = ?", [run])[0]
    out: dict[str, Any] = {"games": games}
    seats = _rows(
        con,
        """SELECT seat, sum(win), count(*), sum(score), sum(score*score) FROM seats WHERE run = ?
                          GROUP BY seat ORDER BY seat""",
        [run],
    )
    out["wins_by_seat"] = [
        {"seat": s, "wins": round(w, 4), "rate": wilson(w, n).as_dict()} for s, w, n, _t, _q in seats
    ]
    out["mean_score_by_seat"] = [{"seat": s, "score": mean_interval(n, t, q).as_dict()} for s, _w, n, t, q in seats]
    bots = _rows(
        con,
        """SELECT bot, sum(win), count(*), sum(score), sum(score*score) FROM seats WHERE run = ?
                         GROUP BY bot ORDER BY bot""",
        [run],
    )
    out["wins_by_bot"] = {
        b: {"wins": round(w, 4), "seats": n, "rate": wilson(w, n).as_dict()} for b, w, n, _t, _q in bots
    }
    out["mean_score_by_bot"] = {b: mean_interval(n, t, q).as_dict() for b, _w, n, t, q in bots}
    (n, t, q) = _rows(con, "SELECT count(*), sum(score), sum(score*score) FROM seats WHERE run = ?", [run])[0]
    out["mean_score"] = mean_interval(n, t or 0.0, q or 0.0).as_dict()
    out["cards"] = cards(con, run, games)
    out["breakdowns"] = breakdowns(con, run, labels)
    out["length"] = length(con, run)
    out["score_parts"] = score_parts(con, run)
    if game is not None:
        out["never_built"] = never_built(con, run, game)
        out["strategy"] = strategy(con, run, game)
    names = {cid: c.name for cid, c in game.cards.items()} if game is not None else {}
    out["flags"] = flags(out, len(seats), names)
    out["warnings"] = warnings(out)
    return out


def score_parts(con, run: str) -> dict[str, Any]:
    """The mean score by category (tools/scores.py) of a seat, of a bot and of each value of each
    breakdown, per seat-game (a category a seat scored nothing in counts as 0); categories ordered by
    the points the whole run scored in them, most first."""
    order = [
        c
        for (c,) in _rows(
            con,
            "SELECT category FROM parts WHERE run = ? GROUP BY category ORDER BY sum(abs(points)) DESC, category",
            [run],
        )
    ]

    def grouped(key: str, join: str = "", extra: str = "") -> dict[str, dict[str, float]]:
        count = _rows(con, f"SELECT {key}, count(*) FROM seats s {join} WHERE s.run = ? {extra} GROUP BY 1", [run])
        n = {str(k): c for k, c in count}
        rows = _rows(
            con,
            f"""SELECT {key}, p.category, sum(p.points) FROM parts p
                JOIN seats s ON s.run = p.run AND s.game = p.game AND s.seat = p.seat {join}
                WHERE p.run = ? {extra} GROUP BY 1, 2""",
            [run],
        )
        out: dict[str, dict[str, float]] = {k: {} for k in n}
        for k, category, total in rows:
            out[str(k)][category] = round(total / n[str(k)], 3)
        return out

    by_breakdown: dict[str, dict[str, dict[str, float]]] = {}
    for (label,) in _rows(con, "SELECT DISTINCT label FROM facts WHERE run = ? ORDER BY label", [run]):
        join = "JOIN facts f ON f.run = s.run AND f.game = s.game AND f.seat = s.seat"
        safe = label.replace("'", "''")
        by_breakdown[label] = grouped("f.value", join, f"AND f.label = '{safe}'")
    return {"categories": order, "by_seat": grouped("s.seat"), "by_bot": grouped("s.bot"), "by_breakdown": by_breakdown}


def _buildable(game: Any) -> dict[str, str]:
    """The cards of a kind built into a zone (of the deck's kinds, when the game deals a deck: a
    wonder stage of a board nobody was dealt is no news), with their names."""
    kinds = {name for name, kind in game.game.kinds.items() if kind.zone is not None}
    if game.game.deck is not None:
        kinds &= set(game.game.deck.kinds)
    return {cid: c.name for cid, c in game.cards.items() if c.kind in kinds}


def never_built(con, run: str, game: Any) -> list[str]:
    """Cards nobody built in any game of the run, among those of a kind that some game built."""
    built = {c for (c,) in _rows(con, "SELECT DISTINCT card FROM builds WHERE run = ?", [run])}
    kinds = {game.cards[c].kind for c in built if c in game.cards}
    return sorted(cid for cid in _buildable(game) if cid not in built and game.cards[cid].kind in kinds)


def strategy(con, run: str, game: Any) -> list[dict[str, Any]]:
    """Win rate by the category a player built most of (the score's categories: a card's colour or
    kind, tools/scores.py), ties to the category first in name order; players who built nothing: 'none'."""
    from ..tools.scores import Scores

    scores = Scores(game, 1)
    categories = {cid: scores.card_category(cid) for cid in game.cards}
    if not categories:
        return []
    values = ", ".join("(?, ?)" for _ in categories)
    params: list[Any] = [x for pair in categories.items() for x in pair]
    rows = _rows(
        con,
        f"""WITH cat(card, category) AS (VALUES {values}),
            counted AS (SELECT b.game, b.seat, c.category, count(*) AS n FROM builds b JOIN cat c ON c.card = b.card
                        WHERE b.run = ? GROUP BY 1, 2, 3),
            top AS (SELECT game, seat, category FROM (SELECT *, row_number() OVER
                      (PARTITION BY game, seat ORDER BY n DESC, category) AS place FROM counted) WHERE place = 1)
            SELECT coalesce(t.category, 'none'), count(*), sum(s.win), sum(s.score), sum(s.score*s.score)
            FROM seats s LEFT JOIN top t ON t.game = s.game AND t.seat = s.seat WHERE s.run = ?
            GROUP BY 1 ORDER BY sum(s.win) / count(*) DESC, 1""",
        [*params, run, run],
    )
    return [
        {"most_built": c, "players": n, "win_rate": wilson(w, n).as_dict(), "score": mean_interval(n, t, q).as_dict()}
        for c, n, w, t, q in rows
    ]


def flags(summary: dict[str, Any], players: int, names: dict[str, str] | None = None) -> list[dict[str, str]]:
    """What stands out: a seat, a bot, a breakdown's value or a strategy whose win-rate interval
    excludes a fair share; a card built in every game, or in none."""
    fair = 1 / players if players else 0.0
    out: list[dict[str, str]] = []
    names = names or {}

    def check(what: str, rate: dict[str, float]) -> None:
        if rate["n"] and (rate["high"] < fair or rate["low"] > fair):
            side = "less" if rate["high"] < fair else "more"
            out.append({
                "what": what,
                "why": f"wins {rate['value'] * 100:.1f}% ({rate['low'] * 100:.1f}% to {rate['high'] * 100:.1f}%), "
                f"{side} than a fair share of {fair * 100:.1f}%",
            })  # fmt: skip

    for row in summary["wins_by_seat"]:
        check(f"seat {row['seat']}", row["rate"])
    for bot, row in summary["wins_by_bot"].items():
        if len(summary["wins_by_bot"]) > 1:
            check(f"bot {bot}", row["rate"])
    for label, rows in summary["breakdowns"].items():
        for row in rows:
            check(f"{label} {row['value']}", row["win_rate"])
    for row in summary.get("strategy", []):
        check(f"most built: {row['most_built']}", row["win_rate"])
    for card in summary["cards"]:
        if card["games"] == summary["games"] and summary["games"] > 1:
            what = names.get(card["card"], card["card"])
            out.append({"what": what, "why": f"built in every one of the {summary['games']} games"})
    for cid in summary.get("never_built", []):
        out.append({"what": names.get(cid, cid), "why": f"never built in {summary['games']} games"})
    return out


def warnings(summary: dict[str, Any]) -> list[str]:
    """What a reader of the results should be told: a greedy bot winning less often than the random
    one means its estimate (game.yaml balance.estimate, by default the game's own final scoring)
    misjudges positions, and every figure the greedy bots produced is suspect."""
    bots = summary.get("wins_by_bot", {})
    greedy, chance = bots.get("greedy"), bots.get("random")
    if greedy is None or chance is None or greedy["rate"]["value"] >= chance["rate"]["value"]:
        return []
    return [
        f"the greedy bot won less often than the random one ({greedy['rate']['value']:.3f} against "
        f"{chance['rate']['value']:.3f}): its estimate of a position (balance.estimate in game.yaml, by "
        "default the triggers the flow fires once play is over) may leave out what scores"
    ]


def cards(con, run: str, games: int) -> list[dict[str, Any]]:
    """Per card: how often it was built, in how many games, its builders' win rate and final score,
    and the points it gave when built; most built first."""
    rows = _rows(
        con,
        """
        SELECT b.card, count(*), count(DISTINCT b.game), sum(s.win), count(b.points), sum(b.points),
               sum(b.points*b.points),
               sum(s.score), sum(s.score*s.score)
        FROM builds b JOIN seats s ON s.run = b.run AND s.game = b.game AND s.seat = b.seat
        WHERE b.run = ? GROUP BY b.card ORDER BY count(*) DESC, b.card""",
        [run],
    )
    return [
        {
            "card": card,
            "built": built,
            "games": in_games,
            "build_rate": wilson(in_games, games).as_dict(),
            "builder_win_rate": wilson(w, built).as_dict(),
            # measured only with `--card-points` (None otherwise)
            "points": mean_interval(measured, p or 0.0, pq or 0.0).as_dict() if measured else None,
            "builder_score": mean_interval(built, t, tq).as_dict(),
        }
        for card, built, in_games, w, measured, p, pq, t, tq in rows
    ]


def breakdowns(con, run: str, labels: list[str] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Per breakdown label (game.yaml `balance.report`), per value: players, win rate, mean score."""
    rows = _rows(
        con,
        """
        SELECT f.label, f.value, count(*), sum(s.win), sum(s.score), sum(s.score*s.score)
        FROM facts f JOIN seats s ON s.run = f.run AND s.game = f.game AND s.seat = f.seat
        WHERE f.run = ? GROUP BY f.label, f.value ORDER BY f.label, sum(s.win) / count(*) DESC, f.value""",
        [run],
    )
    found = [label for (label,) in _rows(con, "SELECT DISTINCT label FROM facts WHERE run = ? ORDER BY label", [run])]
    order = [label for label in labels or [] if label in found] + [
        label for label in found if label not in (labels or [])
    ]
    out: dict[str, list[dict[str, Any]]] = {label: [] for label in order}
    for label, value, n, w, t, q in rows:
        out[label].append(
            {
                "value": value,
                "players": n,
                "win_rate": wilson(w, n).as_dict(),
                "score": mean_interval(n, t, q).as_dict(),
            }
        )
    return out


def length(con, run: str) -> dict[str, Any]:
    (n, d, dq, r, rq) = _rows(
        con,
        """SELECT count(*), sum(decisions), sum(decisions*decisions), sum(rounds), sum(rounds*rounds)
                                       FROM games WHERE run = ?""",
        [run],
    )[0]
    endings = _rows(
        con, "SELECT ending, count(*) FROM games WHERE run = ? GROUP BY ending ORDER BY count(*) DESC", [run]
    )
    return {
        "decisions": mean_interval(n, float(d or 0), float(dq or 0)).as_dict(),
        "rounds": mean_interval(n, float(r or 0), float(rq or 0)).as_dict(),
        "endings": {e: c for e, c in endings},
    }


def histogram(con, run: str, column: str, table: str, by: str | None = None, bins: int = 20) -> dict[str, Any]:
    """Counts of a column in equal bins (per value of `by`): a score distribution, game lengths."""
    lo, hi = _rows(con, f"SELECT min({column}), max({column}) FROM {table} WHERE run = ?", [run])[0]
    if lo is None:
        return {"low": 0, "high": 0, "width": 1, "series": {}}
    width = max(1.0, (hi - lo + 1) / bins)
    group = by or "'all'"
    rows = _rows(
        con,
        f"""SELECT {group}, floor(({column} - ?) / ?)::INTEGER AS bin, count(*) FROM {table} WHERE run = ?
                          GROUP BY 1, 2 ORDER BY 1, 2""",
        [lo, width, run],
    )
    series: dict[str, list[int]] = {}
    count = int((hi - lo) // width) + 1
    for key, b, c in rows:
        series.setdefault(str(key), [0] * count)[b] = c
    return {"low": lo, "high": hi, "width": width, "series": series}
