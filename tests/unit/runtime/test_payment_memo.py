"""The memos of pricing (runtime/payment.py, plans.py, costs.py) outlive a state and a game: a
supply is found again by the cards in play whose standing effects it reads, the cheapest plans by
what a search reads. Whatever they hold, a quote answers and charges what pricing from nothing
would: on states one seeded game goes through, with stock moved at random."""

from __future__ import annotations

import pytest

from compiler.core.limits import budget
from compiler.runtime import costs, plans, supplies
from compiler.runtime.decider import FirstLegal
from compiler.runtime.interpreter import Context
from compiler.runtime.state import Illegal

import flowkit


def _quote(game, state, player, card) -> tuple:
    """What quoting the card says (its plan, coins, free, or the refusal) and the steps it charges."""
    box = budget(state)
    box.used = 0
    ctx = Context(game, state, FirstLegal(), actor=player, owner=player, card=card)
    try:
        found = costs.quote(ctx, player, card)
    except Illegal as refused:
        return ("refused", str(refused), box.used)
    plan = found.plan and (found.plan.coins, found.plan.purchases, found.plan.consumed)
    return (found.free, found.coins, plan, tuple(found.limits), box.used)


def _buildable(game) -> list:
    return [card for card in game.cards.values() if game.game.kinds[card.kind].zone is not None]


@pytest.mark.parametrize("name, players, seed", [("seven_wonders", 3, 4), ("olympus", 3, 3), ("peloponnes", 3, 5)])
def test_a_memo_answers_what_pricing_from_nothing_answers(name, players, seed):
    game = flowkit.game(name)
    cards = _buildable(game)
    compared = 0
    # into the game: cards in play (some that produce, some that do not)
    for trial, rng in flowkit.stocked_states(game, players, seed, rounds=4, steps=12):
        for card in rng.sample(cards, 12):
            for player in trial.players:
                warm = _quote(game, trial, player, card)  # the memos as earlier states left them
                game.tables.pop("supplies", None)
                assert _quote(game, trial, player, card) == warm, (player.id, card.id)
                compared += 1
    assert compared


def test_supplies_are_shared_by_what_they_read_only():
    """Two states whose cards in play differ only by a card without a standing effect a supply
    reads (or, the seller's, by a card it does not sell from) share one supply; a card that produces, or sets a neighbour's price, makes another, from
    the parts that did not change (the buyer's own units) and those that did (offers, prices)."""
    game = flowkit.game("seven_wonders")
    state = flowkit.set_up(game, 3, 1).state
    buyer, left, _right = state.players
    for player in state.players:
        player.zones["city"] = []
    reads = supplies._Memo(game).relevant
    assert reads["lumber_yard"] and reads["west_trading_post"] and not reads["altar"]  # production, price; points

    def supply(**cities: list[str]) -> supplies.Supply:
        trial = state.copy(new_run=True)
        for pid, city in cities.items():
            trial.player(pid).zones["city"] = city
        ctx = Context(game, trial, FirstLegal(), actor=trial.players[0], owner=trial.players[0])
        return supplies.units(ctx, trial.players[0])

    game.tables.pop("supplies", None)
    first = supply(p1=["altar"], p2=["lumber_yard"])
    assert supply(p1=[], p2=["baths", "lumber_yard"]) is first
    # a seller's cards that it does not sell from: a trading post aimed at its own neighbours, a card
    # whose production neighbours cannot buy
    assert supply(p1=["altar"], p2=["lumber_yard", "east_trading_post", "caravansery"]) is first
    assert supply(p1=[], p2=["lumber_yard", "lumber_yard"]) is not first  # two units of wood
    priced = supply(p1=["altar", "west_trading_post"], p2=["lumber_yard"])
    assert priced is not first

    other = supply(p1=["altar"], p2=["clay_pool"])  # a seller's cards changed: the buyer's part is kept
    assert other is not first and other.own is first.own and other.sellers != first.sellers

    def wood(found: supplies.Supply) -> list:
        return [(u.origin, u.price) for u in found.sellers if u.key.startswith("lumber_yard")]

    assert wood(first) == [(left.id, {"wood": 2})]  # the rule number
    assert wood(priced) == [(left.id, {"wood": 1})]  # from the left for 1


@pytest.mark.parametrize(
    "name, players, seed", [("seven_wonders", 3, 1), ("seven_wonders", 4, 2), ("seven_wonders", 7, 6)]
)
def test_a_verdicts_bounds_say_what_the_search_says(name, players, seed):
    """plans.payable tells whether some way within the coins exists from bounds where they tell it
    (a lower bound beyond the coins; a way of units that can be one noun only within them), else by
    searching for a first way: the answer of the whole search for the cheapest ways, for every
    player and every cost of the game's cards, at coins from none to plenty."""
    game = flowkit.game(name)
    costs_of = sorted({costs.shape_of(game, card).needs for card in _buildable(game)} - {None, ()})
    told = {True: 0, False: 0}
    for trial, _rng in flowkit.stocked_states(game, players, seed, rounds=4, steps=3 * players):
        for player in trial.players:
            player.values.update(dict.fromkeys(game.game.resources, 0))  # no stock: verdicts judge alike
            ctx = Context(game, trial, FirstLegal(), actor=player, owner=player)
            supply = supplies.units(ctx, player)
            for needs in costs_of:
                for coins in (0, 1, 2, 4, 9):
                    budget(trial).used = 0
                    found = plans.payable(ctx, player, needs, coins, supply)
                    if found is None:
                        continue
                    assert found == bool(plans.cheapest_plans(ctx, player, list(needs), coins, None, supply)), needs
                    told[found] += 1
    assert told[True] > 50 and told[False] > 50, told
