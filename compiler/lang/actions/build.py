"""The action `build`: the acting player builds matching cards, with all their effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import CardRef, Noun, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class BuildArgs(Strict):
    card: CardRef = Field(description="A card id or a selector of the cards that may be built")
    free: bool = Field(False, description="Built without paying its cost")
    count: Amount = Field(1, description="How many different cards are built")
    optional: bool = Field(
        True,
        description="The player may build fewer, or none; false: a card must be built, else the whole effect is "
        "refused (inside a card's own build, outside a choice, W504 warns: that card could then not be built)",
    )
    price: dict[Noun, Amount] | None = Field(
        None,
        description="Paid instead of the card's cost, read with the card in view "
        "(e.g. {coins: {units: {field: cost}}})",
    )


@primitive
class Build(Primitive):
    family, name = "action", "build"
    args = BuildArgs
    summary = "The acting player builds matching cards, with all their effects; the player picks among the legal ones."
    example = {"build": {"card": {"zone": "discard", "missing": False}, "free": True}}

    @staticmethod
    def english(arg, en):
        n = en.amount(arg.count)
        what = en.a_card(arg.card) if n == "1" else f"{n} different {en.card_ref(arg.card)}"
        price = f" by paying {en.noun_amounts(arg.price)} instead of its cost" if arg.price and not arg.free else ""
        return f"{'you may ' if arg.optional else ''}build {what}" + (" for free" if arg.free else "") + price

    @staticmethod
    def run(arg, ctx):
        price = None if arg.price is None else (lambda about: {noun: about.amount(n) for noun, n in arg.price.items()})
        chosen = ctx.decide.selectors
        if not chosen.ranked(arg.card):
            ctx.build_from(lambda: ctx.amount(arg.count), lambda: ctx.select(arg.card), arg.free, arg.optional, price)
            return
        # fewest/most among the cards that can be built: the cheapest one it may not build vetoes nothing
        plain = chosen.unranked(arg.card)
        narrow = lambda found: ctx.reading.ranked(ctx, found, arg.card)  # noqa: E731
        ctx.build_from(lambda: ctx.amount(arg.count), lambda: ctx.select(plain), arg.free, arg.optional, price, narrow)

    @staticmethod
    def never_refused(arg, sure):
        return sure.optional_build(arg)  # (runtime/sure.py: building none is allowed, the first card built as found)
