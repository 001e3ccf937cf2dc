"""`pay: {any: N}`: N resources of the player's choice, each picked in turn, of one kind or several;
refused before any is picked when the player holds too few (runtime/paying.py), so that a search
for answers that make a move work (a menu's trial) is not sent through every way of picking the
first ones before the last one fails."""

from __future__ import annotations

import pytest

from compiler.pipeline.project import load
from compiler.runtime.decider import FirstLegal
from compiler.runtime.interpreter import build
from compiler.runtime.state import Illegal, new_state

TRIBUTE = """id: tribute
name: Tribute
kind: card
colour: red
text: When built, pay 3 resources of your choice.
effects:
  - on: built
    do: [{pay: {any: 3}}]
examples:
  - name: three of two kinds, each picked
    given: {p1: {wood: 2, stone: 1}}
    when: {build: tribute, by: p1}
    answers: {p1: [wood, stone, wood]}
    expect: {p1: {wood: 0, stone: 0}}
  - name: a kind the player has run out of is not offered
    given: {p1: {wood: 1, stone: 5}}
    when: {build: tribute, by: p1}
    answers: {p1: [wood, stone, stone]}
    expect: {p1: {wood: 0, stone: 3}}
  - name: too few resources refuse it
    given: {p1: {wood: 1, stone: 1}}
    when: {build: tribute, by: p1}
    expect: {refused: true}
"""


@pytest.fixture
def tribute_game(mini_game):
    (mini_game / "tribute.yaml").write_text(TRIBUTE)
    return mini_game.parent.parent


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_a_payment_of_any_resources_picks_each(ostraka, tribute_game, engine):
    result = ostraka("check", "--no-cache", "--engine", engine, "cards/mini", cwd=tribute_game)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_too_few_resources_refuse_it_before_any_is_picked(tribute_game, engine):
    from compiler.codegen.engine import load as handlers_of

    (game,) = load([], tribute_game).games
    handlers = handlers_of(game) if engine == "handlers" else None

    def built(wood: int, stone: int) -> list[tuple[str, ...]]:
        """The options of each question the build asked, or "refused"."""
        state = new_state(game.game, 2)
        player = state.players[0]
        player.values.update(wood=wood, stone=stone)
        decider = FirstLegal()  # the first option each time
        try:
            build(game, state, player, "tribute", decider, free=True, handlers=handlers)
        except Illegal:
            return ["refused", *(q.options for q in decider.asked)]
        return [q.options for q in decider.asked]

    assert built(1, 1) == ["refused"]
    assert built(2, 1) == [("stone", "wood"), ("wood",), ("wood",)]
