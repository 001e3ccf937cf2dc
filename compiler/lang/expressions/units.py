"""The expression `units`: how many units a cost field of a card holds (the size of a cost, or the
number of some nouns in it)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import FieldName, Noun, Strict


class UnitsArgs(Strict):
    field: FieldName = Field(description="A cost field of the card (e.g. cost)")
    nouns: list[Noun] | Literal["resources"] | None = Field(
        None,
        description="Count only these nouns, or 'resources': the "
        "game's resources, not its counters (default: every unit of the cost)",
    )
    of: Literal["this", "event"] = Field(
        "this",
        description="Whose cost: the card in view ('this': the card itself, or the "
        "card being built or bought), or the card the event names ('event': the card just built)",
    )


@primitive
class Units(Primitive):
    family, name = "expression", "units"
    args = UnitsArgs
    summary = "How many units a cost field of a card holds: the size of a cost, or the number of some resources in it."
    example = {"units": {"field": "cost", "nouns": ["wood", "stone"]}}

    @staticmethod
    def reads_view(arg):
        return True  # the card in view or the event's

    @staticmethod
    def english(arg, en):
        what = "resources" if arg.nouns == "resources" else en.words(arg.nouns, "and") if arg.nouns else "units"
        card = "the card just built" if arg.of == "event" else "the card"
        return f"the number of {what} in the {en.word(arg.field)} of {card}"

    @staticmethod
    def run(arg, ctx):
        return ctx.reading.units(
            ctx, arg.field, ctx.game.game.resources if arg.nouns == "resources" else arg.nouns, arg.of
        )
