"""The expression `chosen`: how many cards the choose_cards being carried out chose."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import Strict


class ChosenArgs(Strict):
    """No arguments: `{chosen: {}}`."""


@primitive
class Chosen(Primitive):
    family, name = "expression", "chosen"
    args = ChosenArgs
    summary = "How many cards the choose_cards being carried out chose (0 outside one): e.g. draw that many."
    example = {"chosen": {}}
    within_bounds = True

    @staticmethod
    def reads_view(arg):
        return True  # the event

    @staticmethod
    def english(arg, en):
        return "the number of cards chosen"

    @staticmethod
    def run(arg, ctx):
        return ctx.reading.chosen(ctx)
