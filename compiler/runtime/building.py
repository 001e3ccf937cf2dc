"""Building from inside an effect: `count` cards among candidates, one at a time, each among
those that can be built now (or the one card that must be, whose build is its own trial)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ..core.limits import spend
from . import cards, costs, payment
from .builds import check_buildable
from .decider import FirstLegal
from .state import Illegal, Player

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def build_from(
    ctx: Context,
    count: Callable[[], int],
    candidates: Callable[[], list[tuple[Player | None, str]]],
    free: bool,
    optional: bool,
    price: Callable[[Context], dict[str, int]] | None = None,
    narrow: Callable[[list[tuple[Player | None, str]]], list[tuple[Player | None, str]]] | None = None,
) -> None:
    """Build `count` of the candidates, one at a time, each among those that can be built now
    (`price`: what is paid instead of the cost, read with the card in view; `narrow`: which of
    those that can be built are kept, a selector's fewest/most, so that a card the player may not
    build never hides the next cheapest)."""
    built = 0
    for _ in range(spend(ctx.state, count())):
        found = candidates()
        if narrow is not None:
            found = narrow(_buildable(ctx, found, free, price))
        picked = _next(ctx, found, free, optional, price, must=not optional and built == 0)
        if picked is None:
            break
        holder, card_id = picked
        cards.take(ctx.state, holder, card_id)
        ctx.build_card(card_id, free, price)
        built += 1
    if not optional and built == 0 and count() > 0:
        raise Illegal("no card can be built")


def _next(
    ctx: Context,
    options: list[tuple[Player | None, str]],
    free: bool,
    optional: bool,
    price: Callable[[Context], dict[str, int]] | None,
    must: bool,
) -> tuple[Player | None, str] | None:
    """The candidate to build next, or None to stop. `must`: a card must be built now."""
    if must and len({cid for _h, cid in options}) == 1:
        # One card that must be built: building it is the trial (build() refuses it, with an
        # Illegal, exactly when can_build would); no copy of the state to try it first.
        return options[0]
    options = _unowned(ctx, options)  # a set lookup, before any card's checks are read
    reading = payment.Reading()  # the state does not change while the candidates are judged
    if type(ctx.decider) is FirstLegal:
        # Every question answered with its first option (a choice's trial, runtime/choices.can):
        # the first candidate that can be built is the one built; the rest need not be judged.
        return next((c for c in options if can_build(ctx, c[1], free, price, False, reading)), None)
    if optional and ctx.decider.answers_first():
        # A search's run answers with the first candidate that can be built (the first option):
        # the others are judged only if the search goes on (decider.Searching, counting).
        first = next((c for c in options if can_build(ctx, c[1], free, price, False, reading)), None)
        if first is not None:
            ctx.decider.choose_first(ctx.actor.id, "which card to build", first[1])
        return first
    return _among(ctx, options, free, optional, price, must, reading)


def _among(
    ctx: Context,
    options: list[tuple[Player | None, str]],
    free: bool,
    optional: bool,
    price: Callable[[Context], dict[str, int]] | None,
    must: bool,
    reading: payment.Reading,
) -> tuple[Player | None, str] | None:
    """The actor's pick among every candidate that can be built (_next, when the actor chooses)."""
    # a step run again at each answer recalls the verdicts its earlier runs read (machine._Replay)
    recall, state = ctx.decider.recall, ctx.state
    if must and not free:
        # The checks alone (requirements, a unique card owned) leave one candidate: building it
        # is its trial too, as above; no copy of the state to try its payment first.
        options = [c for c in options if recall(partial(can_build, ctx, c[1], True, price, False), state)]
        if len(options) == 1:
            return options[0]
        found = [c for c in options if recall(partial(can_build, ctx, c[1], free, price, True, reading), state)]
    else:
        found = [c for c in options if recall(partial(can_build, ctx, c[1], free, price, False, reading), state)]
    return _choose(ctx, found, optional)


def _choose(ctx: Context, found: list[tuple[Player | None, str]], optional: bool) -> tuple[Player | None, str] | None:
    """The actor's pick among the cards that can be built (optional: or none)."""
    if not found:
        return None
    if optional:
        labels = list(dict.fromkeys(cid for _h, cid in found)) + ["none"]
        choice = ctx.ask(ctx.actor, "which card to build", labels)
        return None if choice == "none" else next(c for c in found if c[1] == choice)
    return cards.pick(ctx, found, "which card to build")


def _buildable(
    ctx: Context,
    found: list[tuple[Player | None, str]],
    free: bool,
    price: Callable[[Context], dict[str, int]] | None,
) -> list[tuple[Player | None, str]]:
    """The candidates the actor could build now, in order (read as _among reads them)."""
    recall, state, reading = ctx.decider.recall, ctx.state, payment.Reading()
    return [
        c for c in _unowned(ctx, found) if recall(partial(can_build, ctx, c[1], free, price, False, reading), state)
    ]


def _unowned(ctx: Context, found: list[tuple[Player | None, str]]) -> list[tuple[Player | None, str]]:
    """Where a player holds one copy of each card at most, the candidates the actor does not own."""
    if not ctx.game.game.build.unique:
        return found
    owned = ctx.owned_ids(ctx.actor)
    return [c for c in found if c[1] not in owned]


def can_build(
    ctx: Context,
    card_id: str,
    free: bool,
    price: Callable[[Context], dict[str, int]] | None,
    checked: bool,
    reading: payment.Reading | None = None,
) -> bool:
    """Whether the actor could build the card now: its checks read the state as it is (they change
    nothing); then its payment, read from its quote (runtime/costs.py), or tried on a copy of the
    state when only paying can tell (a `price`, a substitute covering what the player lacks).
    `checked`: the checks already passed on this state. Free: nothing is left that could fail."""
    card = ctx.game.cards[card_id]
    about = ctx.about_build(card, FirstLegal())  # build()'s context, for its checks and its quote
    if not checked:
        try:
            check_buildable(about)
        except Illegal:
            return False
    if free:
        return True
    if price is None:
        verdict = costs.affordable(about, ctx.actor, card, reading)
        if verdict is not None:
            return verdict
    return ctx.pays_on_copy(card, price)
