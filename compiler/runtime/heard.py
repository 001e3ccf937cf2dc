"""Cards in play that hear what players do: triggered effects with `by`.

An effect `on: T` with `by: <players>` runs whenever one of those players (read from the card's
owner: `opponents`, `neighbours`, `self`) sets trigger T off, on whichever of their cards or rules
it happens. Inside, `self` is the player who set it off and `owner` the card's owner; the card in
view is the card that hears, and the event's details (the card just built, the deity worshipped,
the hex just placed) are those of what happened. On the build trigger the card just built does not
hear its own build: its own `on: built` effects are for that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decide.players import around
from .effects import run_effect

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context

HEARD = "@heard"  # the generated handlers' key of a card's heard effects on a trigger: (card, trigger + HEARD)


def hear(base: Context, trigger: str, payload: dict, built: str | None = None) -> None:
    """Run the heard effects on `trigger` of every card in play, holders in turn order from the
    player who set it off (the base context's actor), to their left or right (the trigger's order)."""
    game = base.game
    cards = game.hearers.get(trigger)
    if not cards:
        return
    setter = base.actor
    everyone = base.state.players
    order = game.trigger_rules.get(trigger, (False, False, False, "clockwise"))[3]  # (game.yaml's, or clockwise)
    for holder in [everyone[seat] for seat in around(order, setter.seat, len(everyone))]:
        for card_id in [c for c in base.owned_ids(holder) if c in cards]:
            if holder is setter and card_id == built:
                continue
            ctx = base.derive(actor=setter, owner=holder, card=game.cards[card_id], event=payload)
            if ctx.handlers is not None:
                ctx.handlers.run(ctx, card_id, trigger + HEARD)
                continue
            for index, effect in game.heard[card_id][trigger]:
                if ctx.hears(effect.by):
                    run_effect(ctx, card_id, index, effect)
