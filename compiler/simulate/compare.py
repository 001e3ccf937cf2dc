"""Which differences between a variant's games and the base games are significant.

Each variant plays the same games as the base (the same seeds), so a difference is the variant's
doing or chance; chance is what the tests measure. Rates (win rate by seat and by bot, by each
breakdown value, each card's build rate and its builder's win rate) get a two-proportion z test;
means (scores, game length) Welch's t test. With many comparisons a few small p-values come by
chance, so each variant's p-values are also Holm-adjusted, and a difference is called significant
when its adjusted p-value is under `alpha`. For each rate, `games_needed` says how many games per
variant would tell the observed difference (at alpha, with power 0.8) when this run cannot.
"""

from __future__ import annotations

from typing import Any

from .stats import games_needed, holm, two_proportions, welch


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


def _means(con, run: str) -> dict[tuple[str, str], tuple[int, float, float]]:
    out = {}
    for seat, n, t, q in con.execute(
        "SELECT seat, count(*), sum(score), sum(score*score) FROM seats WHERE run = ? GROUP BY seat", [run]
    ).fetchall():
        out[("mean score", f"seat {seat}")] = (n, t, q)
    for bot, n, t, q in con.execute(
        "SELECT bot, count(*), sum(score), sum(score*score) FROM seats WHERE run = ? GROUP BY bot", [run]
    ).fetchall():
        out[("mean score", f"bot {bot}")] = (n, t, q)
    n, t, q = con.execute(
        "SELECT count(*), sum(decisions), sum(decisions*decisions) FROM games WHERE run = ?", [run]
    ).fetchone()
    out[("game length", "decisions")] = (n, float(t or 0), float(q or 0))
    return out


def compare(con, base: str, variant: str, alpha: float = 0.05) -> list[dict[str, Any]]:
    """Every metric both runs have, with both values, the p-value, Holm's adjustment and a verdict;
    significant ones first, then by p-value."""
    (games,) = con.execute("SELECT count(*) FROM games WHERE run = ?", [variant]).fetchone()
    (base_games,) = con.execute("SELECT count(*) FROM games WHERE run = ?", [base]).fetchone()
    rows: list[dict[str, Any]] = []
    a, b = _rates(con, base), _rates(con, variant)
    for key in sorted(set(a) | set(b)):
        (x1, n1), (x2, n2) = a.get(key, (0.0, 0)), b.get(key, (0.0, 0))
        if key[0] == "build rate":  # never built in one run: 0 of its games
            n1, n2 = n1 or base_games, n2 or games
        if n1 == 0 or n2 == 0:
            continue
        p1, p2 = x1 / n1, x2 / n2
        row: dict[str, Any] = {
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
    ma, mb = _means(con, base), _means(con, variant)
    for key in sorted(set(ma) & set(mb)):
        (n1, s1, q1), (n2, s2, q2) = ma[key], mb[key]
        rows.append(
            {
                "metric": key[0],
                "what": key[1],
                "test": "Welch t",
                "base": round(s1 / n1, 4),
                "variant": round(s2 / n2, 4),
                "difference": round(s2 / n2 - s1 / n1, 4),
                "p": welch(n1, s1, q1, n2, s2, q2),
                "n_base": n1,
                "n_variant": n2,
            }
        )
    for row, adjusted in zip(rows, holm([r["p"] for r in rows])):
        row["p"] = round(row["p"], 6)
        row["p_adjusted"] = round(adjusted, 6)
        row["significant"] = adjusted < alpha
    rows.sort(key=lambda r: (not r["significant"], r["p"], r["metric"], r["what"]))
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
