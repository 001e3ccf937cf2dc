"""The units of supply a buyer may pay a build's resources with: their own production and what
sellers offer them at a price (the game's trade), memoised (payment.py pays; plans.py searches).

A supply reads only the standing effects of cards in play (production, trade prices, rule numbers,
discounts, substitutes), the buyer's seat and the number of players. `units` keys it on those:
the buyer's cards in play that have such effects, in order, and each seller's that it sells from
with a production effect (all of theirs when some card aims prices or rule numbers at other
players); so cities whose production is the same share one supply whatever else they built, and
the cheapest plans found on it (plans.py). A new supply is made
from parts memoised the same way (the buyer's own units, discounts and substitutes by the buyer's
cards; the prices they pay by the buyer's cards and seat; each seller's offers by the seller's
cards and those prices): in a turn usually one of them changed. A supply or a part found again
is charged the steps making it cost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import accumulate, chain
from typing import TYPE_CHECKING, Any

from ..core.limits import spend
from ..decide.tables import kept
from ..lang import hooks
from .standing import sellable_cards
from .state import Player, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


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
    """A way to cover a cost's resources: the coins it spends, what it pays each seller and what it
    takes from stock, which make it the plan it is (two ways alike in those are one plan); and, of
    the first way found to it, what it buys: the units from each seller (what the trade's events
    tell) and each resource bought from each seller (what a person is told it buys)."""

    coins: int
    purchases: tuple[tuple[str, int], ...]  # (seller, coins)
    consumed: tuple[tuple[str, int], ...]  # (noun, units) taken from stock or wild counters
    # (seller, units bought) of the first way found to this outcome: what the trade's events tell
    bought: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    # (seller, resource, units, coins) of the first way found to this outcome, in order
    goods: tuple[tuple[str, str, int, int], ...] = field(default=(), compare=False)

    def label(self) -> str:
        """The plan as a question offers it (the answer a game's record keeps)."""
        parts = [f"buy from {seller} for {coins}" for seller, coins in self.purchases]
        parts += [f"spend {n} {noun}" for noun, n in self.consumed]
        return "; ".join(parts) or "own production"

    def receipt(self, quantity: Callable[[int, str], str], currency: str, who: Callable[[str], str] = str) -> str:
        """What the plan buys, resource by resource ("1 ore from p2 for 2 coins, 1 wood from p3 for
        1 coin"); `quantity` words an amount of a noun (the sheet's words), `who` a seller's id."""
        return ", ".join(
            f"{quantity(units, noun)} from {who(seller)} for {quantity(coins, currency)}"
            for seller, noun, units, coins in self.goods
        )


_Offer = tuple[int, tuple, str, int]  # (its unit's bit, (seller, options), seller, price of the noun)


@dataclass
class Supply:
    """A buyer's own units and the units sellers offer them, and the steps finding them cost; by
    noun, the units that can pay it, in the order the search tries them (indexed once)."""

    own: list[Unit]
    sellers: list[Unit]
    steps: int
    discounts: list[tuple[str, Any]]  # the buyer's standing effects answering the cost hook
    substitutes: list[tuple[str, Any]]  # ... and the substitute hook (both read only their cards in play)
    # by noun, for the search (plans.py): (bit, options) of each own unit that can be it, each
    # offer of it; a unit has one bit of the search's `used` whatever nouns it is filed under (its
    # origin and key: two players' copies of a card are two units)
    _own_for: dict[str, list[tuple[int, frozenset[str]]]] | None = None
    _sellers_for: dict[str, list[_Offer]] = field(default_factory=dict)
    # by noun, what bounds a cost's price (plans.py): the own units that can be it, the prices of
    # its k cheapest offers together by k (0 first), the same of the units that can be nothing
    # else, and the search's branches at a position paying it (reach_of)
    reach: dict[str, _Reach] = field(default_factory=dict)
    # sorted needs -> what bounds their price whatever the coins (plans._bounds)
    bounds: dict[tuple[str, ...], tuple] = field(default_factory=dict)
    # needs -> the resources among them, each noun with its count: the game's, shared by its
    # supplies (_Memo.stocked)
    stocked: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[tuple[str, int], ...]]] = field(default_factory=dict)
    # cheapest_plans's answers on this supply by what else they read, and the search nodes each cost
    plans: dict[tuple, tuple[list, int]] = field(default_factory=dict)
    # sorted needs -> what searches for them with no stock or wild units tell for any coins
    # (plans._recalled): the cheapest plans found, the most coins found to buy none
    floors: dict[tuple[str, ...], list] = field(default_factory=dict)
    _self_sold: bool | None = None  # sells_to_self (a supply is made for one buyer)
    track: bool = False  # a plan keeps the units bought from each seller (the trade's events tell them)

    def _index(self) -> dict[str, list[tuple[int, frozenset[str]]]]:
        """Every unit filed under each noun it can be, in order, in one pass."""
        bits: dict[tuple[str, str], int] = {}
        own: dict[str, list[tuple[int, frozenset[str]]]] = {}
        for u in self.own:
            entry = (bits.setdefault((u.origin, u.key), 1 << len(bits)), u.options)
            for noun in u.options:
                own.setdefault(noun, []).append(entry)
        offers = self._sellers_for
        for u in self.sellers:
            bit, seller_key = bits.setdefault((u.origin, u.key), 1 << len(bits)), (u.origin, u.options)
            for noun in u.options:
                offers.setdefault(noun, []).append((bit, seller_key, u.origin, u.price[noun]))
        self._own_for = own
        return own

    def search_for(self, noun: str) -> tuple[list[tuple[int, frozenset[str]]], list[_Offer]]:
        """The own units that can be the noun and the offers of it (see above)."""
        own = self._own_for if self._own_for is not None else self._index()
        return own.get(noun, []), self._sellers_for.get(noun, [])

    def sells_to_self(self, buyer: str) -> bool:
        """Whether some unit is offered to the buyer by the buyer (a purchase only paying can tell)."""
        found = self._self_sold
        if found is None:
            found = self._self_sold = any(u.origin == buyer for u in self.sellers)
        return found

    def reach_of(self, noun: str) -> _Reach:
        """The noun's _Reach (kept in `reach`): the own units that can be it and the prices of its
        k cheapest offers together, by k (0 first); the same of the units that can be nothing
        else; the branches of the search at a position paying it."""
        found = self.reach.get(noun)
        if found is None:
            own, offers = self.search_for(noun)
            only = sorted([o[3] for o in offers if len(o[1][1]) == 1])
            found = self.reach[noun] = (
                len(own),
                tuple(accumulate(sorted([o[3] for o in offers]), initial=0)),
                sum(1 for _bit, options in own if len(options) == 1),
                tuple(accumulate(only, initial=0)),
                # the search tries each distinct own unit and each seller's offer once (plans._search)
                len({o for _bit, o in own}) + len({seller for _bit, seller, _o, _p in offers}),
            )
        return found


# (own units that can be the noun, prices of its k cheapest offers by k, own units that can be
# nothing else, the same prices of offers of nothing else, the search's branches paying it)
_Reach = tuple[int, tuple[int, ...], int, tuple[int, ...], int]


class _Memo:
    """One game's supplies (see units), their parts, and what their keys read."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.supplies: dict[tuple, Supply] = {}
        self.relevant = _Relevant(game)
        self.sold = _Sold(game)
        self.seats: dict[tuple[int, int], _Reading] = {}  # see _reading
        # the parts: own units, their steps, discounts, substitutes by the buyer's cards; the price
        # and the trade-price effects by the buyer's seat and cards; offers by seller, cards, prices
        self.own: dict[tuple, tuple[list[Unit], int, list, list]] = {}
        self.prices: dict[tuple, tuple[int, list[tuple[bool, Any, set[str]]]]] = {}
        self.offers: dict[tuple, tuple[list[Unit], int]] = {}
        self.stocked: dict[tuple[str, ...], Any] = {}  # Supply.stocked, for every supply
        trade = game.game.trade  # Supply.track, for every supply
        self.track = trade is not None and (trade.sold is not None or trade.bought is not None)


class _Relevant(dict):
    """card id -> whether the card has a standing effect a supply reads (the rest never change one),
    each card looked up when first met (a card's examples see only the cards they read:
    cache/gameview.py)."""

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.by_hook = [game.passives_by_hook.get(hook) for hook in _READ]

    def __missing__(self, card_id: str) -> bool:
        found = self[card_id] = any(by_card and card_id in by_card for by_card in self.by_hook)
        return found


class _Sold(dict):
    """card id -> whether sellers sell from the card with a production effect (each seller's part
    of a supply's key: its offers read those cards only, in order), looked up as _Relevant."""

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.producing = game.passives_by_hook.get(hooks.PRODUCTION) or {}
        self.sellable = sellable_cards(game)

    def __missing__(self, card_id: str) -> bool:
        found = self[card_id] = card_id in self.producing and self.sellable[card_id]
        return found


_READ = (hooks.PRODUCTION, hooks.TRADE_PRICE, hooks.RULE_NUMBER, hooks.COST, hooks.SUBSTITUTE, hooks.SELLERS)
_UNITS_MAX = 20_000  # supplies a game keeps at most: a long simulate run meets ever new cities


def units(ctx: Context, player: Player) -> Supply:
    """The buyer's supply: their own units and the units sellers offer them (see the module). A
    supply found again is charged the steps making it cost."""
    game, state = ctx.game, ctx.state
    # the cards in play change once a turn, while a turn's menu prices many builds
    memo = kept(game, "supplies", lambda: _Memo(game))
    if len(memo.supplies) > _UNITS_MAX:
        memo = game.tables["supplies"] = _Memo(game)
    everyone = state.players
    seats = (player.seat, len(everyone))
    reading = memo.seats.get(seats)
    if reading is None:
        reading = memo.seats[seats] = _reading(ctx, memo, player)
    # read without copying a lazy copy's zones; a card's zone does not matter, its place in the order does
    zones = game.play_zones
    if len(zones) == 1:
        only = zones[0]
        cards = [tuple(filter(keep, zones_of(everyone[s]).get(only, ()))) for s, keep in reading.readers]
    else:
        missing = [()] * len(zones)
        cards = [
            tuple(filter(keep, chain(*map(zones_of(everyone[s]).get, zones, missing)))) for s, keep in reading.readers
        ]
    key = (seats, *cards)
    found = memo.supplies.get(key)
    if found is not None:
        spend(state, found.steps)
        return found
    sold = [(everyone[s], cards[at]) for s, at in reading.sellers]
    found = memo.supplies[key] = _made(ctx, memo, player, cards[reading.buyer], sold, key)
    return found


def _made(
    ctx: Context, memo: _Memo, buyer: Player, mine: tuple, sellers: list[tuple[Player, tuple]], key: tuple
) -> Supply:
    """A new supply, from its parts (see the module); `mine`, and with each seller, `sellers`:
    their cards read (their part of the units' key)."""
    state = ctx.state
    own = memo.own.get(mine)
    if own is None:
        steps = [0]
        made = _own_units(ctx, buyer, steps)
        own = memo.own[mine] = (made, steps[0], ctx.passives(buyer, hooks.COST), ctx.passives(buyer, hooks.SUBSTITUTE))
    else:
        spend(state, own[1])
    total, offered = own[1], []
    trade = ctx.game.game.trade
    if trade is not None:
        reached = ctx.game.reach_passives
        # the buyer's seat and cards, or all of the key when others' cards may count
        others = hooks.RULE_NUMBER in reached or hooks.TRADE_PRICE in reached
        price_key = key if others else (key[0], mine)
        priced = memo.prices.get(price_key)
        if priced is None:
            priced = memo.prices[price_key] = _setting(ctx, buyer, trade)
        base, setting = priced
        if ctx.game.passives_by_hook.get(hooks.SELLERS):
            allowed = trade_sellers(ctx, buyer)
            sellers = [(seller, cards) for seller, cards in sellers if seller.id in allowed]
        for seller, cards in sellers:
            prices = _prices(seller.id, base, setting)
            part_key = (seller.id, cards, base, tuple(sorted(prices.items())))
            part = memo.offers.get(part_key)
            if part is None:
                steps = [0]
                made = _offers(ctx, seller, base, prices, steps)
                part = memo.offers[part_key] = (made, steps[0])
            else:
                spend(state, part[1])
            offered += part[0]
            total += part[1]
    # the parts' lists are read, never changed
    return Supply(own[0], offered, total, own[2], own[3], stocked=memo.stocked, track=memo.track)


def trade_sellers(ctx: Context, buyer: Player) -> set[str]:
    """The ids of the players a buyer may buy from: those the game's trade names, and those the
    buyer's `buy_from` effects add (each read from the buyer)."""
    trade = ctx.game.game.trade
    found = {p.id for p in ctx.players(trade.from_, actor=buyer)} if trade is not None else set()
    for _card, arg in ctx.passives(buyer, hooks.SELLERS):
        found |= {p.id for p in ctx.players(arg.players, actor=buyer) if p is not buyer}
    return found


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


def _setting(ctx: Context, buyer: Player, trade: Any) -> tuple[int, list[tuple[bool, Any, set[str]]]]:
    """The price the buyer pays by the rules (a rule number), and the trade-price effects reaching
    them, each with whether the buyer holds it and the ids of the sellers it covers."""
    base = ctx.param(trade.price, buyer)
    setting = [
        (holder is buyer, arg, {p.id for p in ctx.derive(owner=holder).players(arg.from_, actor=buyer)})
        for holder, _card, arg in ctx.reaching(buyer, hooks.TRADE_PRICE)
    ]
    return base, setting


def _offers(ctx: Context, seller: Player, base: int, prices: dict[str, int], steps: list[int]) -> list[Unit]:
    """The units one seller offers at these prices (as _own_units, `steps`)."""
    units = []
    state = ctx.state
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
                    frozenset(arg.one_of), seller.id, {r: prices.get(r, base) for r in arg.one_of}, f"{card_id}:{index}"
                )
            )
    return units


def _prices(seller: str, base: int, setting: list[tuple[bool, Any, set[str]]]) -> dict[str, int]:
    """What the buyer pays the seller per unit: a price another player's card sets for the buyer
    (`of`) replaces the rule number; the buyer's own cards may lower either. `setting`: the
    trade-price effects that reach the buyer (_setting)."""
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


@dataclass
class _Reading:
    """What a buyer's supply reads, by the buyer's seat and the number of players (units keeps it):
    each seat read, with the test of its cards that count (its part of the key); where among them
    the buyer is, and each seller in the order the trade names them."""

    readers: tuple[tuple[int, Callable[[str], bool]], ...]
    buyer: int
    sellers: tuple[tuple[int, int], ...]  # (seat, where among the readers)


def _reading(ctx: Context, memo: _Memo, player: Player) -> _Reading:
    """The seats a buyer's supply reads: the buyer's cards that have an effect a supply reads, and
    each seller's that it sells from with a production effect; or every seat's cards that have such
    effects, when some card aims prices or rule numbers at other players (then anyone's may count)."""
    rules, reached, everyone = ctx.game.game, ctx.game.reach_passives, ctx.state.players
    every = tuple((seat, memo.relevant.__getitem__) for seat in range(len(everyone)))
    if rules.trade is None:
        return _Reading(every, player.seat, ())
    if ctx.game.passives_by_hook.get(hooks.SELLERS):  # who sells may widen with the buyer's cards (_made)
        return _Reading(every, player.seat, tuple((p.seat, p.seat) for p in everyone if p is not player))
    sellers = tuple(p.seat for p in ctx.players(rules.trade.from_, actor=player))
    if hooks.RULE_NUMBER in reached or hooks.TRADE_PRICE in reached:
        return _Reading(every, player.seat, tuple((seat, seat) for seat in sellers))
    readers = ((player.seat, memo.relevant.__getitem__), *((seat, memo.sold.__getitem__) for seat in sellers))
    return _Reading(readers, 0, tuple((seat, at) for at, seat in enumerate(sellers, 1)))
