"""Paying a noun outside a build's cost: exactly, never partly, substitutes standing in for what
the player lacks (payment.py covers a build's cost)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..decide import nouns
from ..decide.tables import kept
from . import payment
from .state import Illegal, Player

if TYPE_CHECKING:  # pragma: no cover
    from .interpreter import Context


def spend(ctx: Context, player: Player, noun: str, n: int) -> None:
    """Pay exactly n of a noun, or fail: paying is never partial."""
    if n <= 0:
        return
    rules = ctx.game.game
    resources = rules.resources
    if noun == "any":
        # what the player holds; substitutes only when nothing held will do
        names = _sorted(rules)
        held = [r for r in names if player.values.get(r, 0) >= n] or [
            r for r in names if payment.coverable(ctx, player, r) >= n
        ]
        if not held:
            raise Illegal(f"{player.id} has no resource to pay")
        noun = ctx.ask(player, "which resource to pay", held)
    if noun in resources and player.values.get(noun, 0) < n and payment.coverable(ctx, player, noun) >= n:
        # what the player lacks, substitutes pay (tribute counted as if in the warehouse, ...)
        own = max(0, player.values.get(noun, 0))
        payment.cover_shortfall(ctx, player, noun, n - own)
        n = own
    have = player.values.get(noun, 0)
    if have - n < nouns.floor(rules, noun):
        raise Illegal(f"{player.id} cannot pay {n} {noun}")
    player.values[noun] = have - n


_SORTED: dict[int, tuple[Any, list[str]]] = {}


def _sorted(rules: Any) -> list[str]:
    """The game's resources in name order (what `any` offers), sorted once per game.yaml."""
    return kept(_SORTED, rules, lambda: sorted(rules.resources))
