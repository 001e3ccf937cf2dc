"""The expression `count`: how many cards match a selector (in a player's zone, their neighbours',
...)."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import Selector


@primitive
class Count(Primitive):
    family, name = "expression", "count"
    args = Selector
    summary = "How many cards match a selector (in a player's zone, their neighbours', ...)."
    example = {"count": {"where": {"colour": "grey"}, "of": ["self", "neighbours"]}}
    within_bounds = True

    @staticmethod
    def english(arg, en):
        return f"the number of {en.selector(arg)}"

    @staticmethod
    def run(arg, ctx):
        return len(ctx.select(arg))
