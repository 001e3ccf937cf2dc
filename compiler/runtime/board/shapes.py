"""What the board shows: a symbol or a piece next to a hex, chains of pieces, how many pieces."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..filters import Match, matching, narrow
from ..state import Player
from .hexes import board_of, components, neighbours, piece_hexes, showing, site_of, spec_of

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context


def adjacent(ctx: Context, symbol: str | None, owners: list[Player] | None, match: Match | None) -> bool:
    """The `adjacent` condition: a neighbour of the card's hex shows the symbol, or else holds a
    piece of one of the owners that the filter lets through (None: any piece)."""
    site = site_of(ctx)
    if site is None:
        return False
    board = board_of(ctx.state)
    if symbol is not None:
        return any(board["hexes"].get(n, {}).get("symbol") == symbol for n in neighbours(site))
    others = piece_hexes(ctx, owners or [], match)
    return any(n in others for n in neighbours(site))


def pieces(ctx: Context, owners: list[Player], match: Match | None, around: bool, on: str | None = None) -> int:
    """The `pieces` amount: how many pieces of the owners the filter lets through lie on the board,
    or (around) on the hexes next to the hex just placed; `on`: only on hexes showing the symbol."""
    hexes = piece_hexes(ctx, owners, match)
    if on is not None:
        hexes = hexes & showing(board_of(ctx.state), on)
    if not around:
        return len(hexes)
    site = site_of(ctx, placed=True)
    return 0 if site is None else sum(1 for n in neighbours(site) if n in hexes)


def _same_value(ctx: Context, field_name: str) -> Any:
    if ctx.card is not None:
        return ctx.card.fields.get(field_name)
    card_id = ctx.event.get("card")
    return ctx.game.cards[card_id].fields.get(field_name) if card_id in ctx.game.cards else None


def connected(ctx: Context, match: Match | None, same: str | None, complete: bool) -> bool:
    """The `connected` condition: the actor's matching pieces form one chain (and, if complete,
    every matching piece card of the game is among them)."""
    cards = ctx.game.cards
    if same:
        wanted = _same_value(ctx, same)
        if wanted is None:
            return False
        match = narrow(ctx.game, match, same, wanted)
    hexes = piece_hexes(ctx, [ctx.actor], match)
    if not hexes:
        return False
    if complete:
        pieces = board_of(ctx.state)["pieces"]
        placed = {pieces[h][1] for h in hexes}
        kinds = spec_of(ctx.game).pieces
        wanted_ids = {cid for cid in (cards if match is None else matching(cards, match)) if cards[cid].kind in kinds}
        if not wanted_ids <= placed:
            return False
    return len(components(hexes)) == 1


def links(ctx: Context, symbol: str, count: int, match: Match | None) -> bool:
    """The `links` condition: one chain of the actor's matching pieces touches `count` hexes showing the symbol."""
    targets = showing(board_of(ctx.state), symbol)
    for group in components(piece_hexes(ctx, [ctx.actor], match)):
        touched = {n for h in group for n in neighbours(h) if n in targets}
        if len(touched) >= count:
            return True
    return False


def clusters(ctx: Context, match: Match | None) -> int:
    """The `clusters` expression: how many separate groups the actor's matching pieces form."""
    return len(components(piece_hexes(ctx, [ctx.actor], match)))
