"""Balance reports that answer: the score by category by seat, bot and breakdown, a strategy view,
flagged outliers (a win rate whose interval misses a fair share, a card built always or never)."""

from __future__ import annotations

import duckdb
import pytest

from compiler.simulate.summary import flags


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    from click.testing import CliRunner

    from compiler.cli.main import cli

    out = tmp_path_factory.mktemp("reports") / "out"
    args = ["simulate", "seven_wonders", "--players", "3", "--games", "16", "--bots", "greedy,random,random"]
    result = CliRunner().invoke(cli, [*args, "--out", str(out), "--format", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    import json

    return out, json.loads(result.output)


def test_the_score_by_category_adds_up_to_the_mean_score(run):
    out, summary = run
    parts = summary["score_parts"]
    assert {"treasury", "military", "science", "blue cards"} <= set(parts["categories"])
    for row in summary["mean_score_by_seat"]:
        means = parts["by_seat"][str(row["seat"])]
        assert abs(sum(means.values()) - row["score"]["value"]) < 0.01
    assert set(parts["by_bot"]) == {"greedy", "random"}
    assert set(parts["by_breakdown"]) == {"wonder", "side"}
    con = duckdb.connect(str(out / "results.duckdb"), read_only=True)
    (games,) = con.execute("SELECT count(DISTINCT game) FROM parts").fetchone()
    assert games == 16


def test_the_strategy_view_and_never_built_cards(run):
    out, summary = run
    strategy = summary["strategy"]
    assert sum(r["players"] for r in strategy) == 16 * 3
    assert all(r["most_built"].endswith(" cards") or r["most_built"] == "none" for r in strategy)
    never = summary["never_built"]
    assert never and all(c.replace("_", "").isalnum() for c in never)
    page = (out / "report.html").read_text()
    for section in ('id="flags"', 'id="score-parts"', 'id="strategy"', 'id="never-built"'):
        assert section in page


def test_greedy_plays_by_the_games_own_scoring_and_wins_more(run):
    """Greedy values moves by the game's own scoring (the flow's final fire): it beats random."""
    _out, summary = run
    assert summary["wins_by_bot"]["greedy"]["rate"]["value"] > summary["wins_by_bot"]["random"]["rate"]["value"]


def test_flags_name_what_misses_a_fair_share_and_cards_built_always_or_never():
    def rate(value, low, high, n=30):
        return {"value": value, "low": low, "high": high, "n": n}

    summary = {
        "games": 30,
        "wins_by_seat": [{"seat": 0, "rate": rate(0.7, 0.55, 0.83)}, {"seat": 1, "rate": rate(0.3, 0.15, 0.5)}],
        "wins_by_bot": {"random": {"rate": rate(0.5, 0.4, 0.6)}},
        "breakdowns": {"wonder": [{"value": "Gizah", "win_rate": rate(0.0, 0.0, 0.2)}]},
        "cards": [{"card": "baths", "games": 30}, {"card": "loom", "games": 12}],
        "never_built": ["tavern"],
    }
    found = {f["what"]: f["why"] for f in flags(summary, 2, {"baths": "Baths", "tavern": "Tavern"})}
    assert "more than a fair share of 50.0%" in found["seat 0"] and "seat 1" not in found
    assert "less than" in found["wonder Gizah"]
    assert found["Baths"] == "built in every one of the 30 games" and found["Tavern"] == "never built in 30 games"
    assert "loom" not in found and "bot random" not in found
