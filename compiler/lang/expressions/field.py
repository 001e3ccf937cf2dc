"""The expression `field`: a numeric field of the card the effect belongs to (or the card being
considered)."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import FieldName


@primitive
class FieldValue(Primitive):
    family, name = "expression", "field"
    args = FieldName
    summary = "A numeric field of the card the effect belongs to (or the card being considered)."
    example = {"field": "points"}
    within_bounds = True  # a card's number, which the loader keeps within ±10**9 (load/refusals.py)

    @staticmethod
    def reads_view(arg):
        return True  # the card in view

    @staticmethod
    def english(arg, en):
        return f"the card's {en.word(arg)}"

    @staticmethod
    def run(arg, ctx):
        value = ctx.card_field(arg)
        return value if isinstance(value, int) else 0
