"""The action `lose`: the acting player loses counters or resources, never below the noun's minimum."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ._shared import NounAmounts


@primitive
class Lose(Primitive):
    family, name = "action", "lose"
    args = NounAmounts
    summary = "The acting player loses counters or resources, never below the noun's minimum."
    example = {"lose": {"points": 3}}

    @staticmethod
    def english(arg, en):
        return "lose " + en.noun_amounts(arg) + " (as many as you have)"

    @staticmethod
    def run(arg, ctx):
        for noun, amount in arg.items():
            ctx.change(ctx.actor, noun, -ctx.amount(amount))
