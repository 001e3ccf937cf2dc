"""Paying a noun outside a build's cost: exactly, never partly, substitutes standing in for what
the player lacks (payment.py covers a build's cost)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.limits import spend as budget_spend
from ..decide import nouns
from ..decide.tables import kept
from ..lang import hooks
from . import payment
from .state import Illegal, Player

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def spend(ctx: Context, player: Player, noun: str, n: int) -> None:
    """Pay exactly n of a noun, or fail: paying is never partial."""
    if n <= 0:
        return
    rules = ctx.game.game
    resources = rules.resources
    if noun == "any":
        _spend_any(ctx, player, n)
        return
    if noun in resources and player.values.get(noun, 0) < n and payment.coverable(ctx, player, noun) >= n:
        # what the player lacks, substitutes pay (tribute counted as if in the warehouse, ...)
        own = max(0, player.values.get(noun, 0))
        payment.cover_shortfall(ctx, player, noun, n - own)
        n = own
    have = player.values.get(noun, 0)
    if have - n < nouns.floor(rules, noun):
        raise Illegal(f"{player.id} cannot pay {n} {noun}")
    player.values[noun] = have - n


def _spend_any(ctx: Context, player: Player, n: int, among: tuple[str, ...] | None = None) -> None:
    """Pay n resources of the player's choice, one at a time, each a resource they hold (one that
    substitutes cover only when they hold none), of `among` only when given. Refused before any is
    asked for when even the most they could pay falls short (_most_payable): whatever they
    answered, a later unit would find nothing, and a search for answers that work (a trial's)
    would try them all in vain."""
    names = _sorted(ctx.game.game) if among is None else sorted(among)
    most = _most_payable(ctx, player, names)
    if n > most:
        raise Illegal(f"{player.id} cannot pay {n} resource{'s' if n != 1 else ''} of their choice (they have {most})")
    for _ in range(budget_spend(ctx.state, n)):
        held = [r for r in names if player.values.get(r, 0) >= 1] or [
            r for r in names if payment.coverable(ctx, player, r) >= 1
        ]
        if not held:
            raise Illegal(f"{player.id} has no resource to pay")
        spend(ctx, player, ctx.ask(player, "which resource to pay", held), 1)


def spend_any(ctx: Context, player: Player, n: int, among: tuple[str, ...] | None) -> None:
    """Pay n resources of the player's choice among some (`pay: {any: {amount: n, of: [...]}}`)."""
    if n > 0:
        _spend_any(ctx, player, n, among)


def _most_payable(ctx: Context, player: Player, names: list[str]) -> int:
    """At most how many resources of their choice the player can pay: one for each they hold, and
    one for each a substitute can stand in with a counter that is no resource (`give` of it each,
    once if limited); a substitute that gives resources (or `any`) pays nothing they could not
    have paid with those resources themselves."""
    values = player.values
    most = sum(max(0, values.get(r, 0)) for r in names)
    for _card, arg in ctx.passives(player, hooks.SUBSTITUTE):
        if arg.use == "any" or arg.use in ctx.game.game.resources or arg.limit == "once_per_build":
            continue
        if arg.as_ != "any" and not set(arg.as_) & set(names):
            continue  # it stands in for none of the resources asked for
        units = max(0, values.get(arg.use, 0)) // arg.give
        most += min(units, 1) if arg.limit else units
    return most


def _sorted(rules: Any) -> list[str]:
    """The game's resources in name order (what `any` offers), sorted once per game.yaml."""
    return kept(rules, "paying.sorted", lambda: sorted(rules.resources))
