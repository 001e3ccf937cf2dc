"""Building from inside an effect: `count` cards among candidates, one at a time, each among
those that can be built now (or the one card that must be, whose build is its own trial)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import cards
from .limits import spend
from .state import Illegal, Player

if TYPE_CHECKING:  # pragma: no cover
    from .interpreter import Context


def build_from(
    ctx: Context,
    count: Callable[[], int],
    candidates: Callable[[], list[tuple[Player | None, str]]],
    free: bool,
    optional: bool,
    price: Callable[[Context], dict[str, int]] | None = None,
) -> None:
    """Build `count` of the candidates, one at a time, each among those that can be built now
    (`price`: what is paid instead of the cost, read with the card in view)."""
    built = 0
    for _ in range(spend(ctx.state, count())):
        options = candidates()
        if not optional and built == 0 and len({cid for _h, cid in options}) == 1:
            # One card that must be built: building it is the trial (build() refuses it, with
            # an Illegal, exactly when can_build would); no copy of the state to try it first.
            holder, card_id = options[0]
            cards.take(ctx.state, holder, card_id)
            ctx.build_card(card_id, free, price)
            built += 1
            continue
        found = [c for c in options if ctx.can_build(c[1], free, price)]
        found = [c for c in found if c[1] not in ctx.owned_ids(ctx.actor)] if ctx.game.game.build.unique else found
        if not found:
            break
        if optional:
            labels = list(dict.fromkeys(cid for _h, cid in found)) + ["none"]
            choice = ctx.ask(ctx.actor, "which card to build", labels)
            if choice == "none":
                break
            holder, card_id = next(c for c in found if c[1] == choice)
        else:
            holder, card_id = cards.pick(ctx, found, "which card to build")
        cards.take(ctx.state, holder, card_id)
        ctx.build_card(card_id, free, price)
        built += 1
    if not optional and built == 0 and count() > 0:
        raise Illegal("no card can be built")
