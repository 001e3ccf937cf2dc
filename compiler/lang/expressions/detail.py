"""The expression `detail`: a whole-number detail of the event being handled (the price of the tile
just taken, ...)."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import Name


@primitive
class Detail(Primitive):
    family, name = "expression", "detail"
    args = Name
    summary = (
        "A whole-number detail of the event being handled: a field of the card just built, or a detail "
        "an `announce` gives (the trigger must carry it)."
    )
    example = {"detail": "price"}

    @staticmethod
    def reads_view(arg):
        return True  # the event

    @staticmethod
    def english(arg, en):
        return f"the event's {en.word(arg)}"

    @staticmethod
    def run(arg, ctx):
        return ctx.reading.detail(ctx, arg)
