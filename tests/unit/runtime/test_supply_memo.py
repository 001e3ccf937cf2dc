"""The supplies memo (runtime/supplies.py) outlives a state and a game: a supply is found again by
the cards in play it reads (the buyer's with a standing effect a supply reads, each seller's that
it sells from with a production effect), and made from parts found again the same way. Whatever
the memo holds, a supply holds and charges what one made from nothing would: on the states seeded
games go through, for every buyer (tests/unit/runtime/test_payment_memo.py: what it is found again by)."""

from __future__ import annotations

import random

import pytest

from compiler.core.limits import budget
from compiler.runtime import supplies
from compiler.runtime.decider import FirstLegal
from compiler.runtime.interpreter import Context

import flowkit


def _units(found: list[supplies.Unit]) -> list[tuple]:
    return [(u.options, u.origin, u.price, u.key) for u in found]


def _supply(game, state, player) -> tuple:
    """What the buyer's supply holds, what it indexes for the search, and the steps finding it charges."""
    box = budget(state)
    box.used = 0
    ctx = Context(game, state, FirstLegal(), actor=player, owner=player)
    found = supplies.units(ctx, player)
    index = {noun: found.search_for(noun) for noun in sorted(game.game.resources)}
    held = (_units(found.own), _units(found.sellers), found.steps, found.discounts, found.substitutes)
    return (*held, index, box.used)


@pytest.mark.parametrize(
    "name, players, seed",
    [("seven_wonders", 3, 2), ("seven_wonders", 7, 3), ("olympus", 3, 3), ("peloponnes", 3, 5), ("attika", 2, 1)],
)
def test_a_memoised_supply_is_the_supply_made_from_nothing(name, players, seed):
    game = flowkit.game(name)
    rng = random.Random(seed)
    state = flowkit.set_up(game, players, seed)
    game.tables.pop("supplies", None)
    compared = 0
    while not state.is_terminal():
        for _ in range(players):  # into the game: each seat's cards in play change a turn at a time
            if not state.is_terminal():
                flowkit.step(state, rng)
        trial = state.state.copy(new_run=True)
        for player in trial.players:
            warm = _supply(game, trial, player)  # the memo as the game's earlier states left it
            memo = game.tables.pop("supplies")  # (the memo lives with the compiled game)
            assert _supply(game, trial, player) == warm, player.id
            game.tables["supplies"] = memo
            compared += 1
    assert compared > 10
