"""Tiles laid from a pile, cards revealed from piles, a row's last card."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.limits import spend
from ...decide.zones import shared
from ...lang.types import as_list
from ..chance import shuffled
from ..state import Illegal
from .hexes import board_of, key, lay_tile, parse, spec_of, tile_fits, touching_anchors

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context


def game_pile(ctx: Context, zone: str) -> list[str]:
    return zone_cards(ctx, zone, shared(ctx.game.game, zone))


def place_tiles(ctx: Context, pile_zone: str, count: int) -> None:
    """The `place_tile` action: lay the first tile of a pile, `count` times, touching the board."""
    board = board_of(ctx.state)
    for _ in range(spend(ctx.state, max(0, count))):
        pile = game_pile(ctx, pile_zone)
        if not pile:
            return
        tile_id = pile[0]
        legal = list(touching_anchors(ctx.game, board, tile_id))
        if not legal:
            return
        at = legal[0] if len(legal) == 1 else ctx.ask(ctx.actor, f"where to lay {tile_id}", legal)
        pile.pop(0)
        lay_tile(ctx.game, board, tile_id, parse(at))


def lay_out(ctx: Context, players: int | None) -> None:
    """The `lay_out` action: the starting board for a player count (None: the players of the game)."""
    spec = spec_of(ctx.game)
    n = players if players is not None else len(ctx.state.players)
    layout = spec.layouts.get(n)
    if layout is None:
        raise Illegal(f"no starting layout for {n} players")
    board = board_of(ctx.state)
    for item in layout:
        pile = game_pile(ctx, item.from_)
        if not pile:
            raise Illegal(f"the {item.from_} ran out while laying out the board")
        tile_id = pile.pop(0)
        if not tile_fits(ctx.game, board, tile_id, item.at, touching=False):
            raise Illegal(f"{tile_id} overlaps the board at {key(*item.at)}")
        lay_tile(ctx.game, board, tile_id, item.at)


def zone_cards(ctx: Context, zone: str, shared: bool) -> list[str]:
    """A zone the acting player sees as a pile or a row: the shared one, or the actor's own."""
    return ctx.state.zones.setdefault(zone, []) if shared else ctx.actor.zones.setdefault(zone, [])


def reveal(
    ctx: Context,
    piles: tuple[tuple[str, bool], ...],
    to: tuple[str, bool],
    count: Callable[[], int],
    if_emptied: Callable[[Context], None] | None,
) -> None:
    """The `reveal` action: the top cards of a pile (the player picks a non-empty one) go to a zone;
    `if_emptied` runs when that empties the pile. Zones come as (zone, shared)."""
    n = max(0, count())
    if n == 0:
        return  # nothing to turn over, even from an empty pile
    found = [zone for zone, shared in piles if zone_cards(ctx, zone, shared)]
    if not found:
        raise Illegal("every pile is empty")
    zone = found[0] if len(found) == 1 else ctx.ask(ctx.actor, "which pile", found)
    pile = zone_cards(ctx, zone, dict(piles)[zone])
    for _ in range(spend(ctx.state, n)):
        if not pile:
            break
        card_id = pile.pop(0)
        zone_cards(ctx, *to).append(card_id)
    if not pile and if_emptied is not None:
        if_emptied(ctx)


def follows_last(ctx: Context, zone: str, shared: bool, field_name: str, empty: bool) -> bool:
    """The `follows_last` condition: the card in view shares a value with the last card of a row."""
    card = ctx.card if ctx.card is not None else ctx.game.cards.get(ctx.event.get("card", ""))
    row = [c for c in zone_cards(ctx, zone, shared) if card is None or c != card.id]
    if not row:
        return empty
    last = ctx.game.cards[row[-1]].fields.get(field_name)
    mine = card.fields.get(field_name) if card is not None else None

    def values(v: Any) -> set:
        if isinstance(v, Mapping):
            return {k for k, n in v.items() if n}
        return set(as_list(v))

    return bool(values(last) & values(mine))


def draw(
    ctx: Context,
    pile: tuple[str, bool],
    to: tuple[str, bool],
    count: Callable[[], int] | None,
    until: Callable[[], int] | None,
) -> None:
    """The `draw` action: the top cards of a pile (its first) go to a zone, `count` of them, or as
    many as make the zone hold `until` cards; fewer when the pile runs out. Zones come as (zone,
    shared): a player's are the actor's."""
    source, target = zone_cards(ctx, *pile), zone_cards(ctx, *to)
    n = max(0, until() - len(target)) if until is not None else max(0, count() if count is not None else 1)
    refill = ctx.game.game.zones[pile[0]].refill
    for _ in range(spend(ctx.state, n)):
        if not source and refill is not None:  # a pile drawn empty: its refill zone shuffled into it first
            shuffle(ctx, (refill, ctx.game.game.zones[refill].shared), pile)
            source = zone_cards(ctx, *pile)
        if not source:
            break
        target.append(source.pop(0))


def shuffle(ctx: Context, zone: tuple[str, bool], into: tuple[str, bool]) -> None:
    """The `shuffle` action: a zone's cards go into another (or stay), and that zone is put in a
    random order, drawn by chance card by card (runtime/chance.py)."""
    source, target = zone_cards(ctx, *zone), zone_cards(ctx, *into)
    if source is not target:
        target.extend(source)
        source.clear()
    target[:] = shuffled(ctx, target, into[0])
