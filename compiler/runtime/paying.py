"""Paying a noun outside a build's cost: exactly, never partly, substitutes standing in for what
the player lacks (payment.py covers a build's cost)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decide import nouns
from . import payment
from .state import Illegal, Player

if TYPE_CHECKING:  # pragma: no cover
    from .interpreter import Context


def spend(ctx: Context, player: Player, noun: str, n: int) -> None:
    """Pay exactly n of a noun, or fail: paying is never partial."""
    if n <= 0:
        return
    resources = ctx.game.game.resources
    if noun == "any":
        # what the player holds; substitutes only when nothing held will do
        held = [r for r in sorted(resources) if player.values.get(r, 0) >= n] or [
            r for r in sorted(resources) if payment.coverable(ctx, player, r) >= n
        ]
        if not held:
            raise Illegal(f"{player.id} has no resource to pay")
        noun = ctx.ask(player, "which resource to pay", held)
    if noun in resources and player.values.get(noun, 0) < n and payment.coverable(ctx, player, noun) >= n:
        # what the player lacks, substitutes pay (tribute counted as if in the warehouse, ...)
        own = max(0, player.values.get(noun, 0))
        payment.cover_shortfall(ctx, player, noun, n - own)
        n = own
    if player.values.get(noun, 0) - n < nouns.floor(ctx.game.game, noun):
        raise Illegal(f"{player.id} cannot pay {n} {noun}")
    player.values[noun] = player.values.get(noun, 0) - n
