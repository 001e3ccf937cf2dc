"""What a run's database says, as plain values with 95% intervals (SQL does the counting, so the
summary costs the same memory for ten games or a million)."""

from __future__ import annotations

from typing import Any

from .stats import mean_interval, wilson


def _rows(con, sql: str, params: list) -> list[tuple]:
    return con.execute(sql, params).fetchall()


def summarise(con, run: str = "base", labels: list[str] | None = None) -> dict[str, Any]:
    """`labels`: the breakdowns in game.yaml's order (else alphabetical)."""
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
    out["warnings"] = warnings(out)
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
        SELECT b.card, count(*), count(DISTINCT b.game), sum(s.win), sum(b.points), sum(b.points*b.points),
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
            "points": mean_interval(built, p, pq).as_dict(),
            "builder_score": mean_interval(built, t, tq).as_dict(),
        }
        for card, built, in_games, w, p, pq, t, tq in rows
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
