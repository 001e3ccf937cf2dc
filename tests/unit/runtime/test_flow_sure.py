"""Moves not tried for the actions they end with that can never be refused (runtime/sure.py): which
actions those are, that a tail that can be refused is still tried, and that the legal moves are
those that trying every action gives, on a small game of its own (tests/fixtures/flow)."""

from __future__ import annotations

import shutil

import pytest

from compiler.pipeline.project import load
from compiler.runtime.flow import GameState
from compiler.runtime.program import program

import flowkit
from repo_paths import TESTS

FIXTURE = TESTS / "fixtures" / "flow"

MOVES = """    pass:
      card: {zone: hand}
      do:
        - gain: {coins: 1}
        - move: {card: {zone: hand, where: {id: {field: id}}}, to: table, count: 1}
        - announce: {trigger: round_end}
    tax:
      card: {zone: hand}
      do: [{gain: {points: 1}}, {announce: {trigger: taxed}}]
    echo:
      card: {zone: hand}
      do: [{announce: {trigger: echo}}]
    hedge:
      card: {zone: hand}
      do:
        - pay: {coins: 2}
        - may: [{lose: {coins: 1}}, {gain: {points: 2}}]
        - if: {test: {gt: [{value: points}, 2]}, then: [{repeat: {times: 2, do: [{gain: {coins: 1}}]}}]}
    play:
"""
RULES = """  - on: taxed
    do: [{pay: {coins: 5}}]
  - on: echo
    if: {lt: [{value: points}, 0]}
    do: [{announce: {trigger: echo}}]
  - on: round_end
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    target = tmp_path_factory.mktemp("sure") / "cards" / "race"
    shutil.copytree(FIXTURE, target)
    path = target / "game.yaml"
    text = path.read_text()
    for old, new in (
        ("    play:\n", MOVES),
        ("  - on: round_end\n", RULES),
        ("  round_end:", "  taxed: {}\n  echo: {}\n  round_end:"),
        ("turn: {moves: [play, bet]}", "turn: {moves: [play, bet, pass, tax, echo, hedge]}"),
    ):
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    run = load([target], target.parent.parent)
    assert not run.report.items, [str(d.message) for d in run.report.items]
    return run.games[0]


def test_the_tail_of_actions_never_refused(game):
    """A gain, a move and an announce whose listeners only gain are never refused; an announce
    whose listener pays can be; a trigger that sets itself off is tried, not assumed. A `choose`
    and a `may` offer only what can be carried out (with the first answers), and an `if` or a
    `repeat` of what is never refused is not either: the first run that pays succeeds."""
    sure = program(game).sure_from
    assert sure["pass"] == 0  # every action sure: the move is legal with any card, untried
    assert sure["tax"] == 2  # the announce's listener pays 5 coins: tried
    assert sure["echo"] == 1
    assert sure["play"] == 1  # a build
    assert sure["bet"] == 1 and sure["hedge"] == 1  # a choice / a may, an if and a repeat, after a payment


def test_a_tail_that_can_be_refused_is_still_tried(game):
    """Nobody starts with 5 coins: `tax` is never legal, whatever card; `pass` is, with every card."""
    state = GameState(game, 2, seed=0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    labels = flowkit.labels(state)
    hand = state.state.players[state.current_player()].zones["hand"]
    assert not [label for label in labels if label.startswith("tax")]
    assert sorted(label for label in labels if label.startswith("pass")) == sorted(f"pass {c}" for c in hand)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_legal_moves_are_those_that_trying_every_action_gives(game, seed):
    """The same seeded game played twice, once with every action of every move tried: the same
    legal moves at every decision, the same end."""
    prog = program(game)
    sure = dict(prog.sure_from)
    seen = []
    try:
        for table in (sure, {name: len(move.do) for name, move in game.game.flow.moves.items()}):
            prog.sure_from = table
            seen.append(flowkit.legal_moves_played(GameState(game, 3, seed=seed), seed))
    finally:
        prog.sure_from = sure
    assert seen[0] == seen[1] and len(seen[0][0]) > 5
