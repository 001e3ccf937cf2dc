"""A build's payment told from its quote (runtime/costs.py: `affordable`, what `build` inside an
effect asks of every candidate) says what paying on a copy of the state says, on states of every
game with a build cost: stock, wild substitutes, trade with neighbours, discounts and chains."""

from __future__ import annotations

import random

import pytest

from compiler.core.limits import Runaway, budget
from compiler.runtime import costs, payment
from compiler.runtime.decider import FirstLegal
from compiler.runtime.interpreter import Context, _check_buildable, build
from compiler.runtime.state import Illegal

import flowkit


def _paid_on_a_copy(game, state, player, card_id) -> bool:
    trial = state.copy(new_run=True)
    try:
        build(game, trial, trial.player(player.id), card_id, FirstLegal(), fire=False)
    except Illegal:
        return False
    return True


@pytest.mark.parametrize("name, players, seed", [("seven_wonders", 3, 2), ("olympus", 3, 1), ("peloponnes", 3, 5)])
def test_a_quote_tells_what_paying_on_a_copy_tells(name, players, seed):
    game = flowkit.game(name)
    rng = random.Random(seed)
    state = flowkit.set_up(game, players, seed)
    for _ in range(25):  # into the game: cards in play, coins and resources moved
        if state.is_terminal():
            break
        flowkit.step(state, rng)
    told = {True: 0, False: 0, None: 0}
    for player in state.state.players:
        for noun in game.game.resources:  # some stock, some not: each way of paying comes up
            player.values[noun] = rng.choice([0, 0, 1, 2])
        for card in game.cards.values():
            if game.game.kinds[card.kind].zone is None:
                continue
            ctx = Context(game, state.state, FirstLegal(), actor=player, owner=player, card=card)
            try:
                _check_buildable(ctx)
            except Illegal:
                continue
            verdict = costs.affordable(ctx.about_build(card, FirstLegal()), player, card)
            told[verdict] += 1
            if verdict is not None:
                assert verdict == _paid_on_a_copy(game, state.state, player, card.id), (player.id, card.id)
    assert told[True] and told[False], told


def _judged(verdict: bool | None, asked: bool) -> bool | None:
    """What judging makes of a verdict (judging.judge): a yes found by asking holds, a no does not."""
    return None if asked and verdict is not True else verdict


@pytest.mark.parametrize(
    "name, players, seed",
    [("seven_wonders", 3, 2), ("seven_wonders", 7, 3), ("olympus", 3, 1), ("peloponnes", 3, 5), ("attika", 2, 4)],
)
def test_a_menus_verdict_is_what_the_quote_tells(name, players, seed):
    """costs.verdict (a menu's judged builds) reads no quote, no refusal and perhaps not the cheapest
    plan: its answer is affordable's, as a trial's first run answers, whatever the memos hold."""
    game = flowkit.game(name)
    told = {True: 0, False: 0, None: 0}
    for trial, _rng in flowkit.stocked_states(game, players, seed, rounds=3, steps=15, currency=True):
        for player in trial.players:
            for card in game.cards.values():
                if game.game.kinds[card.kind].zone is None:
                    continue
                budget(trial).used = 0  # each priced as a build of its own
                about = Context(game, trial, FirstLegal(), actor=player, owner=player, card=card)
                quoted = costs.affordable(about, player, card)
                expected = _judged(quoted, bool(about.decider.asked))
                budget(trial).used = 0
                about = Context(game, trial, FirstLegal(), actor=player, owner=player, card=card)
                found, asked = costs.verdict(about, player, card, payment.Reading())
                assert _judged(found, asked or bool(about.decider.asked)) == expected, (player.id, card.id)
                told[expected] += 1
    assert told[True] and told[False], told


@pytest.mark.parametrize("units", [2, 3, 4])
def test_a_menus_verdict_says_no_yes_that_paying_would_run_the_budget_out_for(units):
    """A way found at once says nothing of the whole search for the cheapest, which paying runs:
    where every player holds units of two nouns each, a cost of several units of four nouns has a
    first way within a hundred steps and a search for every way beyond the step budget, so that
    paying (and the trial of a build) is refused with a Runaway. The verdict must not be a yes."""
    game = flowkit.game("seven_wonders")
    state = flowkit.set_up(game, 3, 1).state.copy(new_run=True)
    twofold = [card.id for card in game.cards.values() if card.kind == "card" and card.fields.get("colour") == "brown"]
    twofold = [cid for cid in twofold if len(game.cards[cid].fields.get("cost") or {}) == 1]  # the paid ones: two nouns
    assert len(twofold) >= 6, twofold
    for player in state.players:
        player.zones["city"] = list(twofold)
        player.values.update({noun: 0 for noun in game.game.resources}, coins=100)
    card = game.cards["palace"].model_copy(
        update={"id": "hostile", "cost": {noun: units for noun in ("clay", "ore", "stone", "wood")}}
    )
    buyer = state.players[0]

    def priced(read):
        budget(state).used = 0
        try:
            return read(Context(game, state, FirstLegal(), actor=buyer, owner=buyer, card=card))
        except Runaway:
            return "runaway"

    assert priced(lambda about: costs.affordable(about, buyer, card)) == "runaway"
    assert priced(lambda about: costs.verdict(about, buyer, card, payment.Reading())[0]) in ("runaway", None)
