"""A build's cost: nothing when a chain parent is owned, else the cost less the player's discounts,
in coins and in resources (the resources' ways of paying: payment.py).

`quote` works out what a build costs and asks every question paying asks, changing nothing;
`pay_cost` quotes, then pays. `affordable` tells from a quote whether paying would succeed
without paying on a copy of the state (runtime/building.py tries many cards that way).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.limits import spend
from ..decide import nouns
from ..decide.tables import kept
from ..lang.types import as_list
from . import payment, plans, trading
from .state import Illegal, Player, values_of, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


class Quote:
    """What a build costs: free, or the cost's own coins and the plan covering its resources; and
    the limited discounts it uses up (card, period), spent when it is paid."""

    __slots__ = ("free", "coins", "plan", "limits")

    def __init__(
        self,
        free: bool = False,
        coins: int = 0,
        plan: payment.Plan | None = None,
        limits: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.free = free
        self.coins = coins
        self.plan = plan
        self.limits = limits  # a list when a discount has a limit (quote)


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
    if paid.plan is not None and paid.plan.bought:  # (kept only where the trade has events)
        trading.tell(ctx, player, paid.plan)  # the trade's events (game.yaml trade: sold, bought)


def quote(ctx: Context, player: Player, card: Any, reading: payment.Reading | None = None) -> Quote:
    """What building the card costs the player, the questions asked in the order paying asks them;
    nothing is changed (an Illegal: the cost's coins or resources cannot be paid). `reading`: what
    the player's discounts and supply were read as on this state, if they were."""
    game = ctx.game
    shape = shape_of(game, card)
    if shape.parents is not None and _chained(game, player, shape.parents):
        return Quote(free=True)
    # its discounts now, its units for the plan (read once for a reading)
    supply = payment.supply_for(ctx, player, reading)
    currency = game.game.build.currency
    if supply.discounts:
        free, coins, needs, limits = _discounted(ctx, player, card, shape, supply.discounts)
        if free:
            return Quote(free=True, limits=limits)
        found = Quote(coins=coins, limits=limits)
    else:
        found = Quote(coins=shape.coins)
        spend(ctx.state, shape.units)
        needs = shape.needs if shape.needs is not None else tuple(_needs(shape.cost, currency))
    available = values_of(player).get(currency, 0) - found.coins
    if available < 0:
        raise Illegal(f"{player.id} cannot pay {found.coins} {currency} for {card.name}")
    if needs:
        found.plan = plans.choose_plan(ctx, player, needs, available, card.name, reading, supply)
    return found


def verdict(
    ctx: Context, player: Player, card: Any, reading: payment.Reading, shape: _Shape | None = None
) -> tuple[bool | None, bool]:
    """affordable's answer as a trial's first run would find it (every question answered with its
    first option), and whether that answer rests on the plan's question (several cheapest ways);
    read as quote and affordable read, without their refusals' messages, quotes or labels: a menu
    judges many builds (judging.py, which knows the card's `shape`). One plan within the coins is
    enough where every plan would be judged alike (_one_purse): no question then, whatever the
    quote would ask, for its yes holds whichever plan is picked."""
    game = ctx.game
    if shape is None:
        shape = shape_of(game, card)
    if shape.parents is not None and _chained(game, player, shape.parents):
        return True, False
    supply = payment.supply_for(ctx, player, reading)
    if shape.needs is None:  # a huge cost: refused as quote refuses it
        return affordable(ctx, player, card, reading), False
    if supply.discounts:  # (what they ask, the decider records)
        free, coins, needs, _limits = _discounted(ctx, player, card, shape, supply.discounts)
        if free:
            return True, False
    else:
        spend(ctx.state, shape.units)
        coins, needs = shape.coins, shape.needs
    rules = game.game
    available = values_of(player).get(rules.build.currency, 0) - coins
    if available < 0:
        return False, False
    if not needs:
        return _pays(rules, player, None, coins), False
    if shape.any_plan:  # every way within the coins pays alike (_one_purse): whether one exists
        exists = plans.payable(ctx, player, needs, available, supply)
        if exists is not None:
            return exists, False
    found = plans.cheapest(ctx, player, needs, available, reading, supply)
    if not found:
        return False, False
    return _plan_verdict(rules, player, found[0], coins), len(found) > 1


def _chained(game: Any, player: Player, parents: frozenset[str]) -> bool:
    """Whether the player has one of a card's chain parents in play (the card is then free)."""
    zones = zones_of(player)  # the cards in play, read without copying a lazy copy's zones
    for zone in game.play_zones:
        held = zones.get(zone)
        if held and not parents.isdisjoint(held):
            return True
    return False


def _discounted(
    ctx: Context, player: Player, card: Any, shape: _Shape, discounts: list[tuple[str, Any]]
) -> tuple[bool, int, tuple[str, ...], list[tuple[str, str]]]:
    """A cost less the player's discounts (their standing effects answering the cost hook), as
    quote and verdict read it: whether one waives it, its coins and resource units left (in name
    order), the limited discounts it uses up (card, period). A step is charged per unit left."""
    currency = ctx.game.game.build.currency
    cost = dict(shape.cost)
    limits: list[tuple[str, str]] = []
    if _apply_discounts(ctx, player, card, cost, currency, limits, discounts):
        return True, 0, (), limits
    coins = cost.pop(currency, 0)
    spend(ctx.state, sum(n for n in cost.values() if n > 0))  # a step per unit: costs may be huge
    return False, coins, tuple(_needs(cost)), limits


def _needs(cost: dict[str, int], currency: str | None = None) -> list[str]:
    """The resource units of a cost, one item each, in name order (the currency left out)."""
    return [r for r, n in sorted(cost.items()) if r != currency for _ in range(n)]


class _Shape:
    """What a card's cost is before discounts, read once per card: the chain parents that make it
    free, its coins, its resource units (their count, and each unit when they are few)."""

    __slots__ = ("card", "parents", "cost", "coins", "units", "needs", "any_plan")

    def __init__(self, game: Any, card: Any, one_purse: bool) -> None:
        rules = game.game.build
        self.any_plan = one_purse  # a verdict may take any plan within the coins (verdict)
        self.card = card
        parents = as_list(card.fields.get(rules.free_if_owns)) if rules.free_if_owns else []
        self.parents = frozenset(parents) if parents else None
        self.cost: dict[str, int] = dict(card.fields.get(rules.cost_field) or {})
        self.coins = self.cost.get(rules.currency, 0)
        self.units = sum(n for r, n in self.cost.items() if r != rules.currency and n > 0)
        # a huge cost is refused by the steps it is charged before its units are listed
        self.needs = tuple(_needs(self.cost, rules.currency)) if self.units <= _LISTED else None


_LISTED = 64  # the most resource units of a cost listed ahead


def shape_of(game: Any, card: Any) -> _Shape:
    """The card's _Shape, found once per compiled game."""
    # its cards' _Shapes, whether it has one purse (_one_purse)
    shapes, one_purse = kept(game, "costs.shapes", lambda: (dict[str, _Shape](), _one_purse(game)))
    found = shapes.get(card.id)
    if found is None or found.card is not card:
        found = shapes[card.id] = _Shape(game, card, one_purse)
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
    if found.plan is not None:
        return _plan_verdict(game, player, found.plan, found.coins)
    return _pays(game, player, None, found.coins)


def _plan_verdict(game: Any, player: Player, plan: payment.Plan, coins: int) -> bool | None:
    """affordable's answer for a quote of `coins` and a plan."""
    if plan.purchases and (game.trade is None or any(seller == player.id for seller, _coins in plan.purchases)):
        return None  # no trade, or a purchase from oneself: only paying tells
    if not plan.consumed:
        paid = _coins_paid(game, plan, coins)
        if not any(noun in game.resources for noun in paid):
            # coins only, taken from each noun one after another: a noun no resource fails
            # exactly when all it pays takes it below its floor
            values = values_of(player)
            return all(values.get(noun, 0) - n >= nouns.floor(game, noun) for noun, n in paid.items())
    return _pays(game, player, plan, coins)


def _one_purse(game: Any) -> bool:
    """Whether every way to pay within the coins is judged alike (affordable): the trade paid in the
    build's currency (or no trade), which no floor above 0 holds back and which is not a resource
    (a plan never spends it as a unit)."""
    rules = game.game
    currency = rules.build.currency
    return (
        (rules.trade is None or rules.trade.currency == currency)
        and nouns.floor(rules, currency) <= 0
        and currency not in rules.resources
    )


def _coins_paid(game: Any, plan: payment.Plan, coins: int) -> dict[str, int]:
    """What a plan of purchases only and the cost's coins take, by noun (amounts above 0)."""
    paid: dict[str, int] = {}
    trade = game.trade
    for _seller, n in plan.purchases:
        if n > 0:
            paid[trade.currency] = paid.get(trade.currency, 0) + n
    if coins > 0:
        paid[game.build.currency] = paid.get(game.build.currency, 0) + coins
    return paid


def _pays(game: Any, player: Player, plan: payment.Plan | None, coins: int) -> bool | None:
    """Whether the plan's spends, then the cost's coins, can each be taken as paying.spend takes
    it: never partial, never below the floor (None: a resource the player lacks)."""
    spends: list[tuple[str, int]] = []
    if plan is not None:
        trade = game.trade
        spends += [(trade.currency, n) for _seller, n in plan.purchases]
        spends += plan.consumed
    spends.append((game.build.currency, coins))
    values = values_of(player)
    left: dict[str, int] = {}
    for noun, n in spends:
        if n <= 0:
            continue
        have = left.get(noun, values.get(noun, 0))
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
        amount = arg.amount if type(arg.amount) is int else _amount_of(ctx, player, card_id, arg.amount)
        for _ in range(spend(ctx.state, amount)):
            eligible = _discountable(cost, currency, arg.of)
            if not eligible:
                break
            resource = (
                eligible[0] if len(eligible) == 1 else ctx.ask(player, "which resource the discount removes", eligible)
            )
            cost[resource] -= 1
    return False


def _amount_of(ctx: Context, player: Player, card_id: str | None, amount: Any) -> int:
    """A discount's amount written as an expression, read for its holder with its card in view
    (the rules' own: no card), when the cost is worked out."""
    holder = ctx.derive(actor=player, owner=player, card=ctx.game.cards.get(card_id) if card_id else None)
    return max(0, holder.amount(amount))


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
