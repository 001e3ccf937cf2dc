"""Numbers read from the cards and the event, and counters picked by their value: the verbs behind
`units`, `detail` and `gain_most`, shared by the interpreter and the generated handlers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def card_read(ctx: Context, of: str) -> Any:
    """The card an amount reads: the card in view ('this'), or the card the event names ('event':
    the card just built, the favor just received)."""
    if of == "event":
        return ctx.game.cards.get(str(ctx.event.get("card") or ctx.event.get("invoked") or ""))
    return ctx.card


def units(ctx: Context, field: str, nouns: Iterable[str] | None, of: str) -> int:
    """How many units a cost field of a card holds (only those of `nouns`, when given)."""
    card = card_read(ctx, of)
    cost = card.fields.get(field) if card is not None else None
    if not isinstance(cost, dict):
        return 0
    wanted = None if nouns is None else set(nouns)
    return sum(n for noun, n in cost.items() if wanted is None or noun in wanted)


def detail(ctx: Context, name: str) -> int:
    """A whole-number detail of the event being handled (a built card's price, ...)."""
    value = ctx.event.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def gain_most(ctx: Context, among: list[str], amount: int, fewest: bool) -> None:
    """The actor gains `amount` of the counter among these they have most (fewest) of; on a tie,
    they pick which."""
    values = {noun: ctx.actor.values.get(noun, 0) for noun in among}
    target = (min if fewest else max)(values.values())
    tied = [noun for noun in among if values[noun] == target]
    noun = tied[0] if len(tied) == 1 else ctx.ask(ctx.actor, "which counter", tied)
    ctx.change(ctx.actor, noun, amount)


_NOT_PASSED = frozenset(
    {"event", "@in_view"}
)  # the trigger's name, and the card a for_each has in view (board.IN_VIEW)


def passed_on(ctx: Context, details: dict) -> dict:
    """An announced event's details with those of the event being handled under them (`pass_on`)."""
    return {**{k: v for k, v in ctx.event.items() if k not in _NOT_PASSED}, **details}


def ranked(ctx: Context, found: list, selector: Any) -> list:
    """Of the cards found, those a selector's `fewest`/`most` keep (each read with the card in view),
    as its search keeps them (cards.select); a build narrows the cards it can build so."""
    from .cards import extremes

    fewest = (lambda c: c.amount(selector.fewest)) if selector.fewest is not None else None
    most = (lambda c: c.amount(selector.most)) if selector.most is not None else None
    return extremes(ctx, list(found), fewest, most)


def card_has(ctx: Context, where: Iterable[tuple[str, Any]]) -> bool:
    """Whether the card in view has fields holding these values (the condition `card_has`), each
    read as a selector's `where` reads it in the searching context (cards._wanted)."""
    from ..model.fields import field_value, holds
    from .cards import wanted_value

    card = ctx.card
    if card is None:
        return False
    return all(holds(field_value(card, name), wanted_value(ctx, name, wanted)) for name, wanted in where)


def chosen(ctx: Context) -> int:
    """How many cards the choose_cards being carried out chose (0 outside one)."""
    value = ctx.event.get("@chosen")
    return value if isinstance(value, int) else 0
