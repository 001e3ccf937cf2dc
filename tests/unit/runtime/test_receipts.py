"""What a payment buys, resource by resource: a trade's plan names the resource each purchase buys
(supplies.Plan.goods), without being another plan for it (the player is asked among plans that pay
different sellers, never among ways that buy different resources from the same one), and the
narration of `ostraka play` and a person's menu say it ("bought 1 ore from p2 for 2 coins")."""

from __future__ import annotations

import re
from collections import Counter

from compiler.core.limits import budget
from compiler.runtime import costs, plans, supplies
from compiler.runtime.decider import FirstLegal
from compiler.runtime.interpreter import Context
from compiler.tools.narrate import Namer

import flowkit

BOUGHT = re.compile(r"bought ((?:\d+ [a-z ]+ from p\d for \d+ coins?(?:, )?)+)")


def test_a_plans_goods_are_what_it_pays_each_seller_for_the_resources_it_lacks():
    """Every cheapest plan of every card a seeded 7 Wonders game's players could not pay alone:
    its goods pay each seller what its purchases do, buy resources of the cost, and with what the
    buyer produces cover it; they take no part in what makes two plans one."""
    game = flowkit.game("seven_wonders")
    cards = [card for card in game.cards.values() if game.game.kinds[card.kind].zone is not None]
    checked = 0
    for trial, _rng in flowkit.stocked_states(game, 5, 3, rounds=4, steps=20):
        for player in trial.players:
            player.values.update(dict.fromkeys(game.game.resources, 0))
            ctx = Context(game, trial, FirstLegal(), actor=player, owner=player)
            supply = supplies.units(ctx, player)
            own = Counter(noun for unit in supply.own if len(unit.options) == 1 for noun in unit.options)
            for card in cards:
                needs = costs.shape_of(game, card).needs
                if not needs:
                    continue
                budget(trial).used = 0
                for plan in plans.cheapest_plans(ctx, player, list(needs), 30, None, supply):
                    paid = Counter()
                    for seller, noun, units, coins in plan.goods:
                        assert noun in needs and units > 0 and coins >= units, plan
                        paid[seller] += coins
                    assert sorted(paid.items()) == [(s, c) for s, c in plan.purchases if c], plan
                    bought = Counter()
                    for _seller, noun, units, _coins in plan.goods:
                        bought[noun] += units
                    short = Counter(needs) - own
                    assert not (bought - Counter(needs)) and not (short - bought - _alternatives(supply)), plan
                    assert plan == supplies.Plan(plan.coins, plan.purchases, plan.consumed)  # goods: not compared
                    checked += bool(plan.goods)
    assert checked > 50


def _alternatives(supply: supplies.Supply) -> Counter:
    """At most what the buyer's units that can be one of several resources may be."""
    return Counter(noun for unit in supply.own if len(unit.options) > 1 for noun in unit.options)


def test_a_receipt_says_each_resource_seller_and_price():
    plan = supplies.Plan(6, (("p2", 4), ("p3", 2)), (), goods=(("p2", "ore", 2, 4), ("p3", "glass", 1, 2)))
    names = Namer(flowkit.game("seven_wonders"))
    assert plan.receipt(names.quantity, "coins") == "2 ore from p2 for 4 coins, 1 glass from p3 for 2 coins"
    assert plan.label() == "buy from p2 for 4; buy from p3 for 2"  # the question's answer, as before
    assert supplies.Plan(0, (), ()).receipt(names.quantity, "coins") == ""


def test_the_narration_says_what_a_move_bought(ostraka):
    """`ostraka play`: a move that paid other players says what it bought from each, and the coins
    it says each seller got are those the seller's coins rose by on that line."""
    out = ostraka("play", "seven_wonders", "--players", "3", "--seed", "1").output
    lines = [line for line in out.splitlines() if "bought " in line]
    assert len(lines) > 5
    for line in lines:
        said = Counter()
        for part in BOUGHT.search(line).group(1).split(", "):
            n, seller, coins = re.fullmatch(r"(\d+) [a-z ]+ from (p\d) for (\d+) coins?", part).groups()
            said[seller] += int(coins)
        for seller, coins in said.items():
            assert re.search(rf"{seller} \+{coins} coins?", line), line
    assert "how to pay for Statue: buy from p1 for 2" in out  # the answers' words are as they were


def test_a_persons_menu_says_what_each_move_would_buy(ostraka):
    import flowkit

    out = flowkit.play_as_person(ostraka, "seven_wonders", 3, ["quit"]).output
    assert re.search(r"\d+\. (build|stage) — .*; bought 1 [a-z]+ from p\d for 2 coins", out), out
