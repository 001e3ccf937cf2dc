"""Paying a card's cost: production, stock, wild substitutes and trade with other players.

Here: substitutes, what pricing reads once per state (Reading), and paying a plan; supplies.py
finds the units of supply a buyer may pay with, plans.py searches them for the cheapest ways to
cover a cost's units.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.limits import spend
from ..lang import hooks
from .state import Illegal, Player
from .supplies import Plan, Supply, Unit, units

__all__ = ["RECEIPTS", "Plan", "Reading", "Supply", "Unit", "pay_plan", "supply_for", "wild_units"]

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def wild_units(
    ctx: Context, player: Player, substitutes: list[tuple[str, Any]]
) -> list[tuple[str, frozenset[str] | None, int]]:
    """(noun, resources it may stand for or None for any, units available), of the player's
    substitutes (their standing effects answering the substitute hook)."""
    out = []
    for card_id, arg in substitutes:
        if arg.use == "any":
            continue  # any resources for a missing one: placements and other payments only
        available = player.values.get(arg.use, 0) // arg.give  # units it can replace
        if arg.limit == "once_per_build":
            available = min(available, 1)
        elif arg.limit:
            available = 0 if ctx.limit_used(player, card_id, "substitute", arg.limit) else min(available, 1)
        out.append((arg.use, None if arg.as_ == "any" else frozenset(arg.as_), max(0, available)))
    return out


def stand_ins(ctx: Context, player: Player, resource: str) -> list[tuple[str, Any, int]]:
    """Outside a build's cost: the substitutes that may pay for a resource, as (card, argument, units
    of the resource they can replace). One limited to once per build works only in a build's cost."""
    out = []
    for card_id, arg in ctx.passives(player, hooks.SUBSTITUTE):
        if arg.limit == "once_per_build" or not (arg.as_ == "any" or resource in arg.as_) or arg.use == resource:
            continue
        if arg.use == "any":
            held = sum(max(0, player.values.get(r, 0)) for r in ctx.game.game.resources if r != resource)
        else:
            held = max(0, player.values.get(arg.use, 0))
        available = held // arg.give
        if arg.limit:
            available = 0 if ctx.limit_used(player, card_id, "substitute", arg.limit) else min(available, 1)
        if available:
            out.append((card_id, arg, available))
    return out


def coverable(ctx: Context, player: Player, resource: str) -> int:
    """Units of a resource a player can pay: their own, then what substitutes stand in for."""
    return max(0, player.values.get(resource, 0)) + sum(n for _card, _noun, n in stand_ins(ctx, player, resource))


def cover_shortfall(ctx: Context, player: Player, resource: str, short: int) -> None:
    """Pay `short` units of a resource the player lacks with substitutes, in the order the cards
    come into play (the game's rules first); a limited substitute is then used up."""
    for card_id, arg, available in stand_ins(ctx, player, resource):
        if short <= 0:
            return
        take = min(short, available)
        if arg.use == "any":
            for _ in range(spend(ctx.state, take * arg.give)):
                held = [r for r in sorted(ctx.game.game.resources) if r != resource and player.values.get(r, 0) > 0]
                ctx.spend(player, ctx.ask(player, f"which resource stands in for a missing {resource}", held), 1)
        else:
            player.values[arg.use] = player.values.get(arg.use, 0) - take * arg.give
        short -= take
        if arg.limit:
            ctx.use_limit(player, card_id, "substitute", arg.limit)
    if short > 0:
        raise Illegal(f"{player.id} cannot pay {short} more {resource}")


def _spend_wild_limits(ctx: Context, player: Player, consumed: dict[str, int]) -> None:
    """A substitute limited to once a round (or age, or game) is spent when its noun was used."""
    for card_id, arg in ctx.passives(player, hooks.SUBSTITUTE):
        if arg.limit and arg.limit != "once_per_build" and consumed.get(arg.use):
            ctx.use_limit(player, card_id, "substitute", arg.limit)


class Reading:
    """What pricing many builds on one state that does not change meanwhile reads once (a build's
    candidates, runtime/building.py): each buyer's supply, substitutes and wild units, discounts."""

    def __init__(self) -> None:
        self.found: dict[tuple[str, str], Any] = {}
        self.supplies: dict[str, Supply] = {}

    def once(self, what: str, player: Player, read: Callable[[], Any]) -> Any:
        key = (what, player.id)
        if key not in self.found:
            self.found[key] = read()
        return self.found[key]


def supply_for(ctx: Context, player: Player, reading: Reading | None) -> Supply:
    """The buyer's supply (supplies.units), or what this reading found it to be."""
    if reading is None:
        return units(ctx, player)
    found = reading.supplies.get(player.id)
    if found is None:
        found = reading.supplies[player.id] = units(ctx, player)
    return found


RECEIPTS = "receipts"  # a decider's list, where it has one, of the (buyer, plan) paid in its run


def pay_plan(ctx: Context, player: Player, plan: Plan) -> None:
    """Pay a plan: the sellers their coins, the stock and wild units it consumes. A decider that
    keeps receipts (a list under RECEIPTS: a person's menu, a narrator) is told of it, so that
    what a move bought can be said resource by resource."""
    trade = ctx.game.game.trade
    for seller_id, coins in plan.purchases:
        assert trade is not None  # only trade buys from sellers
        currency = trade.currency
        ctx.spend(player, currency, coins)
        ctx.change(ctx.state.player(seller_id), currency, coins)
    for noun, n in plan.consumed:
        ctx.spend(player, noun, n)
    if plan.consumed:  # (nothing consumed: no substitute was used)
        _spend_wild_limits(ctx, player, dict(plan.consumed))
    receipts = getattr(ctx.decider, RECEIPTS, None)
    if receipts is not None:
        receipts.append((player.id, plan))
