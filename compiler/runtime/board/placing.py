"""The `place` action: where a card may go, what it costs there, paying and building it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.limits import spend
from ...lang import hooks
from ...lang.types import as_list
from .. import choices
from ..cards import take
from ..state import Illegal, Player
from .hexes import board_of, neighbours, open_hexes, owned_pieces, put_piece, seen, spec_of

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context


class Placement:
    """Where and at what cost each card may be placed, worked out once per `place` action.

    The state does not change while the player is asked, so whether a cost can be paid is decided
    once; the open hexes and the symbols around each are read once per board (hexes.seen), for
    every placement tried on it and its copies. A reduced cost is never harder to pay
    than the printed one (`affordable` is monotone): when the printed cost can be paid, every hex
    will do, and no reduction need be worked out at all."""

    def __init__(
        self, ctx: Context, sites: Sequence[str], reduce_by: tuple[str, ...], free: bool, free_next_to: str | None
    ) -> None:
        self.ctx, self.sites, self.reduce_by, self.free, self.free_next_to = ctx, sites, reduce_by, free, free_next_to
        board = board_of(ctx.state)
        self.hexes, self.pieces, self._seen = board["hexes"], board["pieces"], seen(board)
        self._printed_payable: dict[str, bool] = {}
        self._payable: dict[tuple[tuple[str, int], ...], bool] = {}

    def anywhere(self, card_id: str) -> bool:
        """Whether some open hex takes the card."""
        if self.sites and self._printed(card_id):
            return True
        return any(self.legal(card_id, s) for s in self.sites)

    def legal_sites(self, card_id: str) -> list[str]:
        if self._printed(card_id):
            return list(self.sites)
        return [s for s in self.sites if self.legal(card_id, s)]

    def legal(self, card_id: str, site: str) -> bool:
        return self.free_at(card_id, site) or self._printed(card_id) or self._can_pay(self.cost(card_id, site))

    def _printed(self, card_id: str) -> bool:
        """Whether the printed cost can be paid (then any hex will do)."""
        found = self._printed_payable.get(card_id)
        if found is None:
            found = self._printed_payable[card_id] = self._can_pay(self.cost(card_id, None))
        return found

    def free_at(self, card_id: str, site: str) -> bool:
        """Free everywhere, or next to the actor's piece of a card the placed one follows."""
        if self.free:
            return True
        if not self.free_next_to:
            return False
        key = ("free", card_id, self.ctx.actor.id, self.free_next_to)
        found = self._seen.get(key)
        if found is None:
            before = as_list(self.ctx.game.cards[card_id].fields.get(self.free_next_to))
            owned = owned_pieces(board_of(self.ctx.state)).get(self.ctx.actor.id, ())
            found = self._seen[key] = frozenset(n for h, cid in owned if cid in before for n in neighbours(h))
        return site in found

    def cost(self, card_id: str, site: str | None) -> dict[str, int]:
        """The card's cost less one unit for each matching symbol on the hexes `reduce_by` names
        around the site (None: the printed cost), read once per board (seen): to read, not to change."""
        key = ("cost", card_id, site, self.reduce_by)
        found = self._seen.get(key)
        if found is None:
            field_name = self.ctx.game.game.build.cost_field
            printed = {
                k: v for k, v in dict(self.ctx.game.cards[card_id].fields.get(field_name) or {}).items() if v > 0
            }
            near = self._symbols_near(site) if site is not None else None
            if near:
                printed = {k: v - near.get(k, 0) for k, v in printed.items() if v > near.get(k, 0)}
            found = self._seen[key] = printed
        return found

    def _can_pay(self, cost: dict[str, int]) -> bool:
        key = tuple(cost.items())
        found = self._payable.get(key)
        if found is None:
            found = self._payable[key] = affordable(self.ctx, cost)
        return found

    def _symbols_near(self, site: str) -> dict[Any, int]:
        """How many of the hexes `reduce_by` names around the site show each symbol."""
        hexes, pieces = self.hexes, self.pieces
        every, empty = "neighbours" in self.reduce_by, "empty_neighbours" in self.reduce_by
        looked = [site] if "site" in self.reduce_by else []
        looked += [n for n in neighbours(site) if n in hexes and (every or (empty and n not in pieces))]
        counted: dict[Any, int] = {}
        for h in looked:
            symbol = hexes[h].get("symbol")
            if symbol is not None:
                counted[symbol] = counted.get(symbol, 0) + 1
        return counted


def affordable(ctx: Context, cost: dict[str, int]) -> bool:
    """Whether the actor can pay the cost from stock, replacing missing units as a substitute allows.

    Monotone (Placement relies on it): lowering any amount of a cost, or dropping a resource from
    it, never turns a payable cost into one that cannot be paid."""
    rules = ctx.game.game.build
    coins = cost.get(rules.currency, 0)
    if coins and ctx.actor.values.get(rules.currency, 0) < coins:
        return False
    resources = {k: v for k, v in cost.items() if k != rules.currency}
    _direct, missing, spare = _shortfall(ctx, resources)
    if not missing:
        return True
    return bool(_rates(ctx, resources, missing, spare))


def _rates(ctx: Context, cost: dict[str, int], missing: int, spare: int) -> list[Any]:
    """The substitutes that can replace all the missing units of a cost: `give` units each, of any
    spare resources (`use: any`) or of their own noun."""
    out = []
    for _card, arg in ctx.passives(ctx.actor, hooks.SUBSTITUTE):
        if arg.limit or not (arg.as_ == "any" or all(r in arg.as_ for r in cost)):
            continue
        available = spare if arg.use == "any" else max(0, ctx.actor.values.get(arg.use, 0))
        if missing * arg.give <= available:
            out.append(arg)
    return out


def _shortfall(ctx: Context, cost: dict[str, int]) -> tuple[dict[str, int], int, int]:
    """What stock covers directly, how many units are missing, and how many units are left over."""
    resources, values = ctx.game.game.resources, ctx.actor.values
    stock = {r: max(0, values.get(r, 0)) for r in resources}
    direct = {r: min(n, stock[r]) for r, n in cost.items() if r in resources}
    missing = sum(n - direct[r] for r, n in cost.items() if r in resources)
    spare = sum(stock.values()) - sum(direct.values())
    return direct, missing, spare


def pay(ctx: Context, cost: dict[str, int], what: str) -> None:
    """Pay a cost from stock; each missing unit may be replaced as a substitute allows."""
    rules = ctx.game.game.build
    player = ctx.actor
    coins = cost.get(rules.currency, 0)
    resources = {k: v for k, v in cost.items() if k != rules.currency}
    direct, missing, spare = _shortfall(ctx, resources)
    if missing:
        rates = _rates(ctx, resources, missing, spare)
        if not rates:
            raise Illegal(
                f"{player.id} cannot pay {', '.join(f'{n} {r}' for r, n in sorted(resources.items()))} for {what}"
            )
        rate = rates[0]
    for resource, n in sorted(direct.items()):
        ctx.spend(player, resource, n)
    if missing and rate.use != "any":
        ctx.spend(player, rate.use, missing * rate.give)
    elif missing:
        for _ in range(spend(ctx.state, missing * rate.give)):
            held = [r for r in sorted(ctx.game.game.resources) if player.values.get(r, 0) > 0]
            ctx.spend(player, ctx.ask(player, f"which card stands in for a missing one ({what})", held), 1)
    if coins:
        ctx.spend(player, rules.currency, coins)


def place(
    ctx: Context,
    candidates: Sequence[tuple[Player | None, str]],
    reduce_by: tuple[str, ...] = (),
    free: bool = False,
    free_next_to: str | None = None,
    optional: bool = False,
) -> None:
    """The `place` action: the actor picks one of the candidate cards that can go somewhere, then an
    open hex for it, pays the (reduced) cost unless it is free there, and builds it."""
    spec = spec_of(ctx.game)
    cards = ctx.game.cards
    placement = Placement(ctx, open_hexes(ctx), reduce_by, free, free_next_to)
    options: dict[str, tuple[Player | None, str]] = {}
    for holder, card_id in candidates:
        if card_id not in options and cards[card_id].kind in spec.pieces and placement.anywhere(card_id):
            options[card_id] = (holder, card_id)
    if not options:
        if optional:
            return
        raise Illegal("no piece can be placed")
    labels = list(options) + (["none"] if optional else [])
    choice = labels[0] if len(labels) == 1 else ctx.ask(ctx.actor, "which card to place", labels)
    if choice == "none":
        return
    holder, card_id = options[choice]
    legal = placement.legal_sites(card_id)
    site = legal[0] if len(legal) == 1 else ctx.ask(ctx.actor, f"where to place {card_id}", legal)
    cost = None if placement.free_at(card_id, site) else placement.cost(card_id, site)

    def settle(on: Context) -> None:  # pay, take the card, put the piece down and build it
        if cost is not None:
            pay(on, cost, cards[card_id].name)
        take(on.state, holder and on.state.player(holder.id), card_id)
        put_piece(board_of(on.state), site, on.actor.id, card_id)
        on.build_card(card_id, free=True, details={"hex": site})

    # the player would pick the cards that stand in for missing ones: the placement is tried first
    # with the first ones (as `choose` tries an option), so that a site the rules then refuse (a
    # village the player cannot pay for) is refused before they are asked for
    if cost is not None and _stand_ins_picked(ctx, cost) and not choices.can(ctx, settle):
        raise Illegal(f"{cards[card_id].name} cannot be placed at {site}")
    settle(ctx)


def _stand_ins_picked(ctx: Context, cost: dict[str, int]) -> bool:
    """Whether paying the cost asks the player which cards stand in for missing ones (pay)."""
    resources = {k: v for k, v in cost.items() if k != ctx.game.game.build.currency}
    _direct, missing, spare = _shortfall(ctx, resources)
    rates = _rates(ctx, resources, missing, spare) if missing else []
    return bool(rates) and rates[0].use == "any"
