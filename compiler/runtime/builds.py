"""A build carried out, and a trigger's listeners run: what `interpreter.build` and the events of
`interpreter._notify` do once the context is made (the interpreter makes contexts; this module
only reads and changes the state through them, so it imports no Context but for annotations).

Every build and every trial of one passes here (a 7-player game: some 700 builds, most of them
trials), so what can be found once per game is: the build event's details (`game.build_events`),
the kind's zone and requirement, whether anything hears the build trigger (`game.hearers`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import costs
from .effects import run_effect
from .heard import hear
from .state import Illegal, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def carry_out(ctx: Context, free: bool, fire: bool, price: Callable[[Context], dict[str, int]] | None) -> None:
    """Build the context's card for its actor: check its requirements, pay its cost (or `price`,
    read with the card in view), put it in play, run its effects, then those of the cards in play
    that hear it (heard.py)."""
    player, card = ctx.actor, ctx.card
    assert card is not None
    zone = check_buildable(ctx)
    if price is not None and not free:
        for noun, n in price(ctx).items():
            ctx.spend(player, noun, n)
    elif not free:
        costs.pay_cost(ctx, player, card)
    player.zones.setdefault(zone, []).append(card.id)
    if fire:
        on_built = ctx.game.build_rules[1]
        run_trigger(ctx, None, on_built)
        run_trigger(ctx, card.id, on_built)
        if ctx.game.hearers.get(on_built):
            hear(ctx, on_built, ctx.event, built=card.id)


def check_buildable(ctx: Context) -> str:
    """What a build refuses before it pays or changes anything: a kind that is never built, a
    unique card already in play, requirements not met (the context's card, for its actor).
    Returns the zone the card is built into."""
    card, player = ctx.card, ctx.actor
    assert card is not None
    kind = card.kind
    unique, _on_built, kinds = ctx.game.build_rules
    zone, requires = kinds[kind]
    if zone is None:
        raise Illegal(f"a {kind} cannot be built")
    if unique and card.id in zones_of(player).get(zone, ()):
        raise Illegal(f"{player.id} already has {card.name} (one copy each: build.unique)")
    if requires is not None and not (ctx.test(requires) if ctx.handlers is None else ctx.handlers.requires(ctx, kind)):
        raise Illegal(f"{player.id} does not meet the requirements of {card.name}")
    return zone


def run_trigger(ctx: Context, card_id: str | None, trigger: str) -> None:
    """Run a card's effects on one trigger (card_id None: the game's rules), through the generated
    handlers when the context carries them, else by walking the effect tree."""
    if ctx.handlers is not None:
        ctx.handlers.run(ctx, card_id, trigger)
        return
    if card_id is None:
        for index, effect in ctx.game.rule_triggered.get(trigger, ()):
            run_effect(ctx, "rules", index, effect)
    else:
        for index, effect in ctx.game.triggered.get(card_id, {}).get(trigger, ()):
            run_effect(ctx, card_id, index, effect)
