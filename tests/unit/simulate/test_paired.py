"""Paired games: chance and every bot keyed by (game seed, decision), outcomes weighed by name, so
that the base and a variant of the card data play the same games up to the first decision the
variant changes (common random numbers), and a variant that changes nothing changes nothing."""

from __future__ import annotations

import json
from dataclasses import replace

import duckdb
import pytest

from compiler.simulate.bots import BotOptions
from compiler.simulate.match import play_game
from compiler.simulate.table import Table
from compiler.simulate.variants import load_variant
from compiler.tools.play import RandomBot, new_game, play

from repo_paths import REPO


def _game(real_games, gid):
    return next(g for g in real_games if g.id == gid)


def _named_record(game, players, seed):
    state = new_game(game, players, seed)
    record = play(state, {s: RandomBot(seed) for s in range(players)})
    # the state's zones as sets of names: cards moved together lie in the card set's order, and of
    # two copies alike (Athens chits) the first in that order is taken
    names = {cid: card.name for cid, card in game.cards.items()}
    final = [sorted(names.get(word, word) for word in line.split()) for line in state.summary()]
    return [(d.seat, d.chosen) for d in record.decisions], state.scores(), final


@pytest.mark.parametrize("gid, players", [("seven_wonders", 4), ("peloponnes", 3)])
def test_the_same_cards_in_another_order_play_the_same_game(real_games, gid, players):
    game = _game(real_games, gid)
    shuffled = replace(game, cards=dict(reversed(list(game.cards.items()))))
    assert list(shuffled.cards) != list(game.cards)
    assert _named_record(shuffled, players, 3) == _named_record(game, players, 3)


def test_a_variant_keeps_the_base_order_of_the_cards():
    game = load_variant(REPO, "seven_wonders", REPO / "tests" / "fixtures" / "variants" / "no_tavern.yaml")
    from compiler.pipeline.project import load

    (base,) = [g for g in load([], REPO).games if g.id == "seven_wonders"]
    assert [c for c in game.cards if c in base.cards] == [c for c in base.cards if c in game.cards]


def _sweep(ostraka, tmp_path, variant_text: str, bots: str, games: int) -> duckdb.DuckDBPyConnection:
    variant = tmp_path / "variant.yaml"
    variant.write_text(variant_text)
    out = tmp_path / "out"
    result = ostraka(
        "sweep", "seven_wonders", str(variant), "--players", "3", "--games", str(games), "--bots", bots,
        "--out", str(out), "--format", "json", "--engine", "interpreter",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return duckdb.connect(str(out / "results.duckdb"), read_only=True)


def _games_of(con, run: str) -> list:
    seats = con.execute("SELECT game, seat, score, win FROM seats WHERE run = ? ORDER BY 1, 2", [run]).fetchall()
    builds = con.execute("SELECT game, seat, card FROM builds WHERE run = ? ORDER BY 1, 2, 3", [run]).fetchall()
    lengths = con.execute("SELECT game, decisions FROM games WHERE run = ? ORDER BY 1", [run]).fetchall()
    return [seats, builds, lengths]


@pytest.mark.parametrize("bots, games", [("random", 8), ("greedy,random,greedy", 2)])
def test_a_variant_that_changes_nothing_plays_the_very_same_games(ostraka, tmp_path, bots, games):
    # Baths "changed" to itself: written to a file of its own, the variant's card order would move it.
    con = _sweep(ostraka, tmp_path, "name: same\ncards:\n  baths: {copies: [3, 7]}\n", bots, games)
    base, same = _games_of(con, "base"), _games_of(con, "same")
    assert base == same
    assert len(base[0]) == 3 * games


def test_a_points_change_leaves_random_bots_playing_the_same_moves(ostraka, tmp_path):
    rich_baths = (
        "name: rich baths\ncards:\n  baths:\n    effects: [{'on': end_of_game, do: [{gain: {points: 9}}]}]\n"
        "    examples: [{name: nine, given: {p1: {coins: 0, city: [baths]}}, when: {event: end_of_game, by: p1},"
        " expect: {p1: {points: 9}}}]\n"
    )
    con = _sweep(ostraka, tmp_path, rich_baths, "random", 8)
    base, rich = _games_of(con, "base"), _games_of(con, "rich baths")
    assert base[1] == rich[1] and base[2] == rich[2]  # the same cards built by the same seats, the same lengths
    holders = {(g, s) for g, s, c in base[1] if c == "baths"}
    assert holders, "some game builds the Baths"
    for (g, s, score, _w), (_g, _s, richer, _w2) in zip(base[0], rich[0]):
        assert richer - score == (6 if (g, s) in holders else 0)


def test_a_bot_draws_the_same_for_the_same_decision_whatever_came_before(real_games):
    """match.play_game with a fresh table gives the same game twice, and so does the run's game i alone."""
    table = Table(_game(real_games, "seven_wonders"), 3, "interpreter")
    one = play_game(table, ["greedy", "random", "random"], 5, 1, BotOptions())
    two = play_game(table, ["greedy", "random", "random"], 5, 1, BotOptions())
    assert (one.scores, one.builds, one.decisions) == (two.scores, two.builds, two.decisions)
    assert json.dumps(one.facts) == json.dumps(two.facts)


def test_a_sweep_report_puts_the_changed_card_first_and_a_no_op_nowhere(ostraka, tmp_path):
    variant = tmp_path / "same.yaml"
    variant.write_text("name: same\ncards:\n  baths: {copies: [3, 7]}\n")
    out = tmp_path / "out"
    result = ostraka(
        "sweep", "seven_wonders", str(variant), "--players", "3", "--games", "6", "--out", str(out), "--format", "json"
    )
    assert result.exit_code == 0, result.output
    (same,) = result.json()["variants"]
    rows = same["differences"]
    assert same["changed"] == ["baths"] and rows[0]["what"] == "baths" and rows[0]["changed"]
    paired = [r for r in rows if r["test"] == "paired t"]
    assert paired and all(r["difference"] == 0 and r["p"] == 1 and not r["significant"] for r in paired)
    page = (out / "report.html").read_text()
    assert "paired t" in page and "Cards it changes" in page
