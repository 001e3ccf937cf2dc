"""Paying a card's cost: production, stock, wild substitutes and trade with other players.

Here: the units of supply a buyer may pay with (memoised by the cards in play), substitutes, and
paying a plan; plans.py searches the supply for the cheapest ways to cover a cost's units.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any

from ..lang import hooks
from .limits import spend
from .state import Illegal, Player, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from .interpreter import Context


class Unit:
    """One unit of supply: what it can be, and where it comes from. Equal units: the same options,
    origin and key (the price is not compared). A plain class: supplies make many of them."""

    __slots__ = ("options", "origin", "price", "key")

    def __init__(
        self, options: frozenset[str], origin: str, price: dict[str, int] | None = None, key: str = ""
    ) -> None:
        self.options = options
        self.origin = origin  # 'own', 'stock', 'wild:<noun>' or a seller's player id
        self.price = {} if price is None else price
        self.key = key  # distinguishes otherwise identical units

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Unit):
            return NotImplemented
        return (self.options, self.origin, self.key) == (other.options, other.origin, other.key)

    def __hash__(self) -> int:
        return hash((self.options, self.origin, self.key))

    def __repr__(self) -> str:
        return f"Unit(options={self.options!r}, origin={self.origin!r}, price={self.price!r}, key={self.key!r})"


@dataclass
class Plan:
    coins: int
    purchases: tuple[tuple[str, int], ...]  # (seller, coins)
    consumed: tuple[tuple[str, int], ...]  # (noun, units) taken from stock or wild counters

    def label(self) -> str:
        parts = [f"buy from {seller} for {coins}" for seller, coins in self.purchases]
        parts += [f"spend {n} {noun}" for noun, n in self.consumed]
        return "; ".join(parts) or "own production"


def _own_units(ctx: Context, player: Player, steps: list[int]) -> list[Unit]:
    """The buyer's own units; `steps`: the steps making them cost, added to its first item."""
    units = []
    state = ctx.state
    for index, (card_id, arg) in enumerate(ctx.passives(player, hooks.PRODUCTION)):
        for noun, n in arg.amounts.items():
            n = spend(state, n)
            steps[0] += max(n, 0)
            units += [Unit(frozenset([noun]), "own", key=f"{card_id}:{index}:{noun}:{i}") for i in range(n)]
        if arg.one_of:
            units.append(Unit(frozenset(arg.one_of), "own", key=f"{card_id}:{index}"))
    return units


def _seller_units(ctx: Context, buyer: Player, sellers: list[Player], steps: list[int]) -> list[Unit]:
    """The units sellers offer the buyer, each at its price (as _own_units, `steps`)."""
    trade = ctx.game.game.trade
    if trade is None:
        return []
    units = []
    state = ctx.state
    base = ctx.param(trade.price, buyer)
    # the trade-price effects reaching the buyer, with the ids of the sellers each one covers: the
    # same for every seller, read once
    setting = [
        (holder is buyer, arg, {p.id for p in ctx.derive(owner=holder).players(arg.from_, actor=buyer)})
        for holder, _card, arg in ctx.reaching(buyer, hooks.TRADE_PRICE)
    ]
    for seller in sellers:
        prices = _prices(seller.id, base, setting)
        for index, (card_id, arg) in enumerate(ctx.passives(seller, hooks.PRODUCTION, sellable_only=True)):
            if not arg.tradable:
                continue
            for noun, n in arg.amounts.items():
                n = spend(state, n)
                steps[0] += max(n, 0)
                price = {noun: prices.get(noun, base)}
                units += [Unit(frozenset([noun]), seller.id, price, f"{card_id}:{index}:{noun}:{i}") for i in range(n)]
            if arg.one_of:
                units.append(
                    Unit(
                        frozenset(arg.one_of),
                        seller.id,
                        {r: prices.get(r, base) for r in arg.one_of},
                        f"{card_id}:{index}",
                    )
                )
    return units


def _prices(seller: str, base: int, setting: list[tuple[bool, Any, set[str]]]) -> dict[str, int]:
    """What the buyer pays the seller per unit: a price another player's card sets for the buyer
    (`of`) replaces the rule number; the buyer's own cards may lower either. `setting`: the
    standing effects on trade prices that reach the buyer (Context.reaching): whether the buyer
    holds it, its argument, the sellers it covers."""
    imposed: dict[str, int] = {}
    own: list = []
    for owned, arg, covered in setting:
        if seller not in covered:
            continue
        if owned:
            own.append(arg)
        else:
            imposed.update({noun: max(imposed.get(noun, arg.price), arg.price) for noun in arg.resources})
    prices = dict(imposed)
    for arg in own:
        for noun in arg.resources:
            prices[noun] = min(prices.get(noun, base), arg.price)
    return prices


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


@dataclass
class Supply:
    """A buyer's own units and the units sellers offer them, and the steps finding them cost; by
    noun, the units that can pay it, in the order the search tries them (found once per noun)."""

    own: list[Unit]
    sellers: list[Unit]
    steps: int
    discounts: list[tuple[str, Any]]  # the buyer's standing effects answering the cost hook
    substitutes: list[tuple[str, Any]]  # ... and the substitute hook (both read only their cards in play)
    _own_for: dict[str, list[Unit]] = field(default_factory=dict)
    _sellers_for: dict[str, list[tuple[str, tuple, str, int]]] = field(default_factory=dict)
    _search_for: dict[str, tuple[list, list]] = field(default_factory=dict)
    _bits: dict[str, int] = field(default_factory=dict)  # unit key -> its bit in the search's `used`
    # by noun: the units that may pay it free of charge, the offers of it, its lowest price (plans.py)
    reach: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    stocked: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)  # needs -> resources among them
    # cheapest_plans's answers on this supply by what else they read, and the search nodes each cost
    plans: dict[tuple, tuple[list[Plan], int]] = field(default_factory=dict)

    def own_for(self, noun: str) -> list[Unit]:
        found = self._own_for.get(noun)
        if found is None:
            found = self._own_for[noun] = [u for u in self.own if noun in u.options]
        return found

    def sellers_for(self, noun: str) -> list[tuple[str, tuple, str, int]]:
        """(unit key, (seller, options), seller, price of the noun) of each seller's unit."""
        found = self._sellers_for.get(noun)
        if found is None:
            found = self._sellers_for[noun] = [
                (u.key, (u.origin, u.options), u.origin, u.price[noun]) for u in self.sellers if noun in u.options
            ]
        return found

    def search_for(self, noun: str) -> tuple[list[tuple[int, frozenset[str]]], list[tuple[int, tuple, str, int]]]:
        """For the search (plans.py): (bit, options) of each own unit that can be the noun, and (bit,
        (seller, options), seller, price) of each offer of it; units with the same key share a bit."""
        found = self._search_for.get(noun)
        if found is None:
            bits = self._bits
            own = [(bits.setdefault(u.key, 1 << len(bits)), u.options) for u in self.own_for(noun)]
            offers = [(bits.setdefault(k, 1 << len(bits)), s, o, p) for k, s, o, p in self.sellers_for(noun)]
            found = self._search_for[noun] = (own, offers)
        return found

    def reach_of(self, noun: str) -> tuple[int, int, int]:
        """(own units that can be the noun, seller units offering it, the lowest price offered)."""
        found = self.reach.get(noun)
        if found is None:
            offers = self.sellers_for(noun)
            found = self.reach[noun] = (len(self.own_for(noun)), len(offers), min((o[3] for o in offers), default=0))
        return found


class _Memo:
    """One game's supplies (see _units) and what their keys read."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.supplies: dict[tuple, Supply] = {}
        self.seats: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}  # see _seats
        self.relevant = _Relevant(game)


class _Relevant(dict):
    """card id -> whether the card has a standing effect a supply reads (the rest never change one),
    each card looked up when first met (a card's examples see only the cards they read:
    tools/gameview.py)."""

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.by_hook = [game.passives_by_hook.get(hook) for hook in _READ]

    def __missing__(self, card_id: str) -> bool:
        found = self[card_id] = any(by_card and card_id in by_card for by_card in self.by_hook)
        return found


_READ = (hooks.PRODUCTION, hooks.TRADE_PRICE, hooks.RULE_NUMBER, hooks.COST, hooks.SUBSTITUTE)
# The units of supply found by what they read (see _units), per game: the cards in play change
# once a turn, while a turn's menu tries many builds and pays for each.
_UNITS: dict[int, _Memo] = {}
_UNITS_MAX = 20_000


def _units(ctx: Context, player: Player) -> Supply:
    """The buyer's own units and the units sellers offer. They read only the standing effects of
    cards in play (production, prices and params; discounts and substitutes), the buyer's seat and
    the number of players: the key is the buyer's seat, the number of players and, for each seat
    read, its cards in play that have such effects, in order. A second call with the same ones is
    answered from the memo and charged the steps the first spent (so two cities whose production
    cards are the same share one supply, whatever else they built)."""
    game, state = ctx.game, ctx.state
    memo = _UNITS.get(id(game))
    if memo is None or memo.game is not game or len(memo.supplies) > _UNITS_MAX:
        memo = _UNITS[id(game)] = _Memo(game)
    everyone = state.players
    seats = (player.seat, len(everyone))
    found_seats = memo.seats.get(seats)
    if found_seats is None:
        found_seats = memo.seats[seats] = _seats(ctx, player)
    readers = found_seats[0]
    # read without copying a lazy copy's zones; a card's zone does not matter, its place in the order does
    keep, zones = memo.relevant.__getitem__, game.play_zones
    if len(zones) == 1:
        only = zones[0]
        key = (seats, *[tuple(filter(keep, zones_of(everyone[s]).get(only, ()))) for s in readers])
    else:
        missing = [()] * len(zones)
        key = (
            seats,
            *[tuple(filter(keep, chain(*map(zones_of(everyone[s]).get, zones, missing)))) for s in readers],
        )
    found = memo.supplies.get(key)
    if found is not None:
        spend(state, found.steps)
        return found
    steps = [0]
    own = _own_units(ctx, player, steps)
    offered = _seller_units(ctx, player, [everyone[s] for s in found_seats[1]], steps)
    found = memo.supplies[key] = Supply(
        own, offered, steps[0], ctx.passives(player, hooks.COST), ctx.passives(player, hooks.SUBSTITUTE)
    )
    return found


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
    """The buyer's supply (_units), or what this reading found it to be."""
    if reading is None:
        return _units(ctx, player)
    found = reading.supplies.get(player.id)
    if found is None:
        found = reading.supplies[player.id] = _units(ctx, player)
    return found


def _seats(ctx: Context, player: Player) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats whose cards in play a buyer's supply reads, and the sellers' seats in the order
    the trade names them. Read: the buyer's and the sellers', or every seat when some card aims
    prices or rule numbers at other players (then anyone's may count). They depend on the game,
    the buyer's seat and the number of players only (_units keeps them)."""
    rules, reached, everyone = ctx.game.game, ctx.game.reach_passives, ctx.state.players
    if rules.trade is None:
        return tuple(range(len(everyone))), ()
    sellers = tuple(p.seat for p in ctx.players(rules.trade.from_, actor=player))
    if hooks.RULE_NUMBER in reached or hooks.TRADE_PRICE in reached:
        return tuple(range(len(everyone))), sellers
    return (player.seat, *sellers), sellers


def pay_plan(ctx: Context, player: Player, plan: Plan) -> None:
    """Pay a plan: the sellers their coins, the stock and wild units it consumes."""
    trade = ctx.game.game.trade
    for seller_id, coins in plan.purchases:
        assert trade is not None  # only trade buys from sellers
        currency = trade.currency
        ctx.spend(player, currency, coins)
        ctx.change(ctx.state.player(seller_id), currency, coins)
    for noun, n in plan.consumed:
        ctx.spend(player, noun, n)
    _spend_wild_limits(ctx, player, dict(plan.consumed))
