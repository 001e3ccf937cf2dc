"""Which differences between a variant's games and the base games are significant.

Each variant plays the same games as the base (the same seeds, chance and bots keyed by game and
decision: the games are the same until the first decision the variant changes), so the runs are
compared game by game: a seat's win share and score, a bot's, the game's length and whether a card
was built in it are paired (the per-game difference, a paired t test: a variant that changes
nothing differs by exactly 0). What is not one value a game (a breakdown's value, the win rate of
a card's builders) gets a two-proportion z test. With many comparisons a few small p-values come by
chance, so each variant's p-values are also Holm-adjusted, and a difference is called significant
when its adjusted p-value is under `alpha`. `games_needed` says how many games would tell a
difference of the observed size (at alpha, with power 0.8): from the spread of the per-game
differences where paired. The cards the variant changes come first (`changed`).
"""

from __future__ import annotations

from typing import Any

from .stats import games_needed, holm, paired, paired_games_needed, two_proportions


def _rates(con, run: str) -> dict[tuple[str, str], tuple[float, int]]:
    """(metric, key) -> (successes, trials) of every rate the comparison looks at."""
    out: dict[tuple[str, str], tuple[float, int]] = {}
    (games,) = con.execute("SELECT count(*) FROM games WHERE run = ?", [run]).fetchone()
    for seat, w, n in con.execute(
        "SELECT seat, sum(win), count(*) FROM seats WHERE run = ? GROUP BY seat", [run]
    ).fetchall():
        out[("win rate", f"seat {seat}")] = (w, n)
    for bot, w, n in con.execute(
        "SELECT bot, sum(win), count(*) FROM seats WHERE run = ? GROUP BY bot", [run]
    ).fetchall():
        out[("win rate", f"bot {bot}")] = (w, n)
    for label, value, w, n in con.execute(
        """
            SELECT f.label, f.value, sum(s.win), count(*) FROM facts f
            JOIN seats s ON s.run = f.run AND s.game = f.game AND s.seat = f.seat WHERE f.run = ? GROUP BY 1, 2""",
        [run],
    ).fetchall():
        out[("win rate", f"{label} {value}")] = (w, n)
    for card, built_in, w, n in con.execute(
        """
            SELECT b.card, count(DISTINCT b.game), sum(s.win), count(*) FROM builds b
            JOIN seats s ON s.run = b.run AND s.game = b.game AND s.seat = b.seat WHERE b.run = ? GROUP BY 1""",
        [run],
    ).fetchall():
        out[("build rate", card)] = (built_in, games)
        out[("builder win rate", card)] = (w, n)
    return out


def _paired(con, base: str, variant: str) -> dict[tuple[str, str], tuple[float, float, int, float, float]]:
    """(metric, key) -> (base mean, variant mean, pairs, sum of differences, sum of their squares),
    for every metric that is one value a game: compared game by game."""
    out: dict[tuple[str, str], tuple[float, float, int, float, float]] = {}
    seats = """SELECT {key}, avg(b.{col}), avg(v.{col}), count(*), sum(v.{col} - b.{col}), sum((v.{col} - b.{col}) ^ 2)
               FROM seats b JOIN seats v ON v.game = b.game AND v.seat = b.seat AND v.run = ?
               WHERE b.run = ? GROUP BY 1"""
    for key, label in (("b.seat", "seat"), ("b.bot", "bot")):
        for col, metric in (("win", "win rate"), ("score", "mean score")):
            for k, m1, m2, n, d, dd in con.execute(seats.format(key=key, col=col), [variant, base]).fetchall():
                out[(metric, f"{label} {k}")] = (m1, m2, n, d, dd)
    m1, m2, n, d, dd = con.execute(
        """SELECT avg(b.decisions), avg(v.decisions), count(*), sum(v.decisions - b.decisions),
                  sum((v.decisions - b.decisions) ^ 2)
           FROM games b JOIN games v ON v.game = b.game AND v.run = ? WHERE b.run = ?""",
        [variant, base],
    ).fetchone()
    if n:
        out[("game length", "decisions")] = (m1, m2, n, float(d or 0), float(dd or 0))
    rows = con.execute(
        """WITH g AS (SELECT b.game FROM games b JOIN games v ON v.game = b.game AND v.run = ? WHERE b.run = ?),
                c AS (SELECT DISTINCT card FROM builds WHERE run = ? OR run = ?),
                bb AS (SELECT DISTINCT game, card, 1 AS x FROM builds WHERE run = ?),
                vb AS (SELECT DISTINCT game, card, 1 AS x FROM builds WHERE run = ?),
                d AS (SELECT c.card, coalesce(bb.x, 0) AS b, coalesce(vb.x, 0) AS v FROM g CROSS JOIN c
                      LEFT JOIN bb ON bb.game = g.game AND bb.card = c.card
                      LEFT JOIN vb ON vb.game = g.game AND vb.card = c.card)
           SELECT card, avg(b), avg(v), count(*), sum(v - b), sum((v - b) ^ 2) FROM d GROUP BY card""",
        [variant, base, base, variant, base, variant],
    ).fetchall()
    for card, m1, m2, n, d, dd in rows:
        out[("build rate", card)] = (m1, m2, n, float(d), float(dd))
    return out


def compare(
    con, base: str, variant: str, alpha: float = 0.05, changed: frozenset[str] = frozenset()
) -> list[dict[str, Any]]:
    """Every metric both runs have, with both values, the p-value, Holm's adjustment and a verdict;
    the rows about a card the variant changes (`changed`) first, then the significant, then by p."""
    (games,) = con.execute("SELECT count(*) FROM games WHERE run = ?", [variant]).fetchone()
    rows: list[dict[str, Any]] = []
    for key, (m1, m2, n, d, dd) in sorted(_paired(con, base, variant).items()):
        mean, low, high, p = paired(n, d, dd)
        row: dict[str, Any] = {
            "metric": key[0],
            "what": key[1],
            "test": "paired t",
            "base": round(m1, 4),
            "variant": round(m2, 4),
            "difference": round(mean, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "p": p,
            "n_base": n,
            "n_variant": n,
        }
        if d:
            row["games_needed"] = paired_games_needed(n, d, dd, alpha)
        rows.append(row)
    a, b = _rates(con, base), _rates(con, variant)
    for key in sorted(set(a) | set(b)):
        if key[0] == "build rate" or key[1].startswith(("seat ", "bot ")) and key[0] == "win rate":
            continue  # compared game by game above
        (x1, n1), (x2, n2) = a.get(key, (0.0, 0)), b.get(key, (0.0, 0))
        if n1 == 0 or n2 == 0:
            continue
        p1, p2 = x1 / n1, x2 / n2
        row = {
            "metric": key[0],
            "what": key[1],
            "test": "two proportions",
            "base": round(p1, 4),
            "variant": round(p2, 4),
            "difference": round(p2 - p1, 4),
            "p": two_proportions(x1, n1, x2, n2),
            "n_base": n1,
            "n_variant": n2,
        }
        if p1 != p2:
            per_trial = games_needed(p1, p2 - p1, alpha)
            row["games_needed"] = _games_for(per_trial, n2, games)
        rows.append(row)
    for row, adjusted in zip(rows, holm([r["p"] for r in rows])):
        row["p"] = round(row["p"], 6)
        row["p_adjusted"] = round(adjusted, 6)
        row["significant"] = adjusted < alpha
        row["changed"] = row["what"] in changed
    rows.sort(key=lambda r: (not r["changed"], not r["significant"], r["p"], r["metric"], r["what"]))
    return rows


def _games_for(trials_needed: int, trials: int, games: int) -> int:
    """Trials of a rate (seat-games, builds) needed, as games: at this run's trials per game."""
    per_game = trials / games if games else 1.0
    return max(1, round(trials_needed / per_game)) if per_game else trials_needed


def power_table(players: int, differences: list[float], alpha: float = 0.05) -> list[dict[str, Any]]:
    """Games per variant to tell a seat's win rate (an equal share, 1/players) from one that is off
    by each difference."""
    fair = 1 / players
    return [{"difference": d, "base_rate": round(fair, 4), "games": games_needed(fair, d, alpha)} for d in differences]
