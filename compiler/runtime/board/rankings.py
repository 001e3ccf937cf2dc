"""Turn-order rankings and whole-number tallies of cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..state import Player

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context


def rank(ctx: Context, counter: str, last: bool) -> None:
    """The `rank` action: the acting player moves to the first or last place of a ranking counter."""
    players = sorted(ctx.state.players, key=lambda p: (p.values.get(counter, 0), p.seat))
    players.remove(ctx.actor)
    players = players + [ctx.actor] if last else [ctx.actor] + players
    for place_number, player in enumerate(players, start=1):
        player.values[counter] = place_number


def total(ctx: Context, found: Sequence[tuple[Player | None, str]], field_name: str) -> int:
    """The `total` expression: a whole-number field summed over cards (anything else counts 0)."""
    out = 0
    for _holder, card_id in found:
        value = ctx.game.cards[card_id].fields.get(field_name)
        out += value if isinstance(value, int) and not isinstance(value, bool) else 0
    return out
