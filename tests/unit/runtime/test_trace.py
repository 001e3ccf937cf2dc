"""Where a value came from: the trace of an example's changes (runtime/trace.py, pipeline/check/
why.py), shown by `ostraka explain CARD --trace EXAMPLE` and in a failed example's E401 hint."""

from __future__ import annotations

import shutil

import pytest

from compiler.pipeline.check.examples import setup
from compiler.pipeline.check.why import lines, traced

REPO_CARDS = "cards"


@pytest.mark.parametrize("gid", ["attika", "olympus", "peloponnes", "seven_wonders"])
def test_every_examples_trace_adds_up_to_its_values(real_games, gid):
    """Run with a trace, every example's traced changes take each value from where it started to
    where it ended: what trials tried and dropped (a choose's options, a build's candidates) left
    no change in the trace."""
    game = next(g for g in real_games if g.id == gid)
    checked = 0
    for card in game.cards.values():
        for example in card.examples:
            found = traced(game, example, setup)
            if found is None:
                continue
            state, entries = found
            by: dict[tuple[int, str], list] = {}
            for e in entries:
                by.setdefault((e.seat, e.noun), []).append(e)
            for (seat, noun), changes in by.items():
                for a, b in zip(changes, changes[1:]):
                    assert a.after == b.before, (card.id, example.name, noun)
                assert changes[-1].after == state.players[seat].values.get(noun, 0), (card.id, example.name, noun)
                checked += 1
    assert checked > 20


def test_explain_traces_an_example(ostraka):
    result = ostraka("explain", "temple_of_hades", "--trace", "1")
    assert result.exit_code == 0, result.output
    out = result.output.split("trace of example")[1]
    assert "p3.points 2 = 5 - 3 from Temple of Hades (when built: lose 3 victory points" in out
    assert "the game's rules for Temple of Hades" in out and "the example holds" in out
    by_name = ostraka("explain", "baths", "--trace", "scores 3 victory points")
    assert "p1.points 3 = 0 + 3 from Baths (when the game ends: gain 3 victory points)" in by_name.output


def test_an_unknown_example_is_one_line_and_exit_2(ostraka):
    result = ostraka("explain", "baths", "--trace", "scores 4")
    assert result.exit_code == 2
    assert (
        result.output.strip()
        == "ostraka: error: 'baths' has no example 'scores 4' (its examples: 'scores 3 victory points')"
    )


def test_a_failed_example_says_where_its_value_came_from(ostraka, tmp_path):
    from repo_paths import REPO

    shutil.copytree(REPO / "cards" / "seven_wonders", tmp_path / "cards" / "seven_wonders")
    baths = tmp_path / "cards" / "seven_wonders" / "age1" / "baths.yaml"
    text = baths.read_text()
    head, tail = text.rsplit("points: 3", 1)
    baths.write_text((head + "points: 2" + tail).replace("coins: 0", "coins: 3"))
    result = ostraka("check", cwd=tmp_path)
    assert result.exit_code == 1
    assert (
        "error E401: example 'scores 3 victory points' of 'baths' failed: p1.points is 4, expected 2" in result.output
    )
    assert (
        "hint: p1.points 4 = 0 + 3 from Baths (when the game ends: gain 3 victory points) + 1 from the game's rules "
        "(treasury) (when the game ends: gain victory points equal to your coins divided by 3, rounded down)"
    ) in result.output


def test_lines_tell_one_value(real_games):
    game = next(g for g in real_games if g.id == "seven_wonders")
    state, entries = traced(game, game.cards["baths"].examples[0], setup)
    assert lines(game, state, entries, ("p1", "points")) == [
        "p1.points 3 = 0 + 3 from Baths (when the game ends: gain 3 victory points)"
    ]
