"""A build's cost: nothing when a chain parent is owned, else the cost less the player's discounts,
in coins and in resources (the resources' ways of paying: payment.py).

`quote` works out what a build costs and asks every question paying asks, changing nothing;
`pay_cost` quotes, then pays. `affordable` tells from a quote whether paying would succeed
without paying on a copy of the state (runtime/building.py tries many cards that way).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..decide import nouns
from ..lang.types import as_list
from . import payment, plans
from .limits import spend
from .state import Illegal, Player

if TYPE_CHECKING:  # pragma: no cover
    from .interpreter import Context


@dataclass
class Quote:
    """What a build costs: free, or the cost's own coins and the plan covering its resources; and
    the limited discounts it uses up (card, period), spent when it is paid."""

    free: bool = False
    coins: int = 0
    plan: payment.Plan | None = None
    limits: list[tuple[str, str]] = field(default_factory=list)


def pay_cost(ctx: Context, player: Player, card: Any) -> None:
    """Pay for building a card: nothing when its chain parent is owned; else its cost, less the
    discounts the player has, in coins and in resources."""
    paid = quote(ctx, player, card)
    for card_id, limit in paid.limits:
        ctx.use_limit(player, card_id, "discount", limit)
    if paid.free:
        return
    if paid.plan is not None:
        payment.pay_plan(ctx, player, paid.plan)
    ctx.spend(player, ctx.game.game.build.currency, paid.coins)


def quote(ctx: Context, player: Player, card: Any, reading: payment.Reading | None = None) -> Quote:
    """What building the card costs the player, the questions asked in the order paying asks them;
    nothing is changed (an Illegal: the cost's coins or resources cannot be paid). `reading`: what
    the player's discounts and supply were read as on this state, if they were."""
    rules = ctx.game.game.build
    if rules.free_if_owns:
        parents = as_list(card.fields.get(rules.free_if_owns))
        if parents and not set(parents).isdisjoint(ctx.owned_ids(player)):
            return Quote(free=True)
    cost = dict(card.fields.get(rules.cost_field) or {})
    found = Quote()
    supply = payment.supply_for(ctx, player, reading)  # its discounts now, its units for the plan
    if _apply_discounts(ctx, player, card, cost, rules.currency, found.limits, supply.discounts):
        found.free = True
        return found
    found.coins = cost.pop(rules.currency, 0)
    spend(ctx.state, sum(n for n in cost.values() if n > 0))  # a step per unit: costs may be huge
    needs = [r for r, n in sorted(cost.items()) for _ in range(n)]
    available = player.values.get(rules.currency, 0) - found.coins
    if available < 0:
        raise Illegal(f"{player.id} cannot pay {found.coins} {rules.currency} for {card.name}")
    if needs:
        found.plan = plans.choose_plan(ctx, player, needs, available, card.name, reading, supply)
    return found


def affordable(ctx: Context, player: Player, card: Any, reading: payment.Reading | None = None) -> bool | None:
    """Whether paying for the card would succeed, read from its quote (questions answered by the
    context's decider) without paying; None when only paying can tell: a spend of a resource the
    player lacks, which a substitute may cover (paying.spend), or a purchase from oneself."""
    try:
        found = quote(ctx, player, card, reading)
    except Illegal:
        return False
    if found.free:
        return True
    game = ctx.game.game
    spends: list[tuple[str, int]] = []
    if found.plan is not None:
        trade = game.trade
        for seller, coins in found.plan.purchases:
            if trade is None or seller == player.id:
                return None
            spends.append((trade.currency, coins))
        spends += found.plan.consumed
    spends.append((game.build.currency, found.coins))
    left: dict[str, int] = {}
    for noun, n in spends:  # each as paying.spend takes it: never partial, never below the floor
        if n <= 0:
            continue
        have = left.get(noun, player.values.get(noun, 0))
        if noun in game.resources and have < n:
            return None
        if have - n < nouns.floor(game, noun):
            return False
        left[noun] = have - n
    return True


def _discountable(cost: dict[str, int], currency: str, of: Any) -> list[str]:
    """The resources of a cost a discount may remove (never the currency)."""
    return sorted(r for r in cost if r != currency and cost[r] > 0 and (of == "any" or r in of))


def _apply_discounts(
    ctx: Context,
    player: Player,
    card: Any,
    cost: dict[str, int],
    currency: str,
    limits: list[tuple[str, str]],
    discounts: list[tuple[str, Any]],
) -> bool:
    """Take the player's discounts (their standing effects answering the cost hook) off `cost`, in
    place; True when one makes the card free. `limits`: the limited discounts used, (card,
    period), to be spent when the build is paid."""
    for card_id, arg in discounts:
        if not _discount_applies(ctx, player, card, card_id, arg, cost, currency, limits):
            continue
        if arg.limit and arg.limit != "once_per_build":
            limits.append((card_id, arg.limit))
        if arg.everything:
            return True
        for _ in range(spend(ctx.state, arg.amount)):
            eligible = _discountable(cost, currency, arg.of)
            if not eligible:
                break
            resource = (
                eligible[0] if len(eligible) == 1 else ctx.ask(player, "which resource the discount removes", eligible)
            )
            cost[resource] -= 1
    return False


def _discount_applies(
    ctx: Context,
    player: Player,
    card: Any,
    card_id: str,
    arg: Any,
    cost: dict[str, int],
    currency: str,
    limits: list[tuple[str, str]],
) -> bool:
    """Whether a discount is used on this build: it covers the card, is not spent for the period
    (nor earlier in this build), has something to remove, and (when optional) the player takes it."""
    if arg.applies_to is not None and not ctx.matches(card, arg.applies_to):
        return False
    if arg.limit and arg.limit != "once_per_build":
        if (card_id, arg.limit) in limits or ctx.limit_used(player, card_id, "discount", arg.limit):
            return False
    if not arg.everything and not _discountable(cost, currency, arg.of):
        return False
    return not (arg.optional and ctx.ask(player, f"use the discount of {card_id}", ["yes", "no"]) == "no")
