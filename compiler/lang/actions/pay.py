"""The action `pay`: the acting player pays counters or resources."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ._shared import NounAmounts


@primitive
class Pay(Primitive):
    family, name = "action", "pay"
    args = NounAmounts
    summary = (
        "The acting player pays counters or resources (`any`: that many resources of their choice, picked one at "
        "a time); when they cannot, the whole option is not allowed, and too few resources for `any` refuse it "
        "before any is picked."
    )
    example = {"pay": {"coins": 2}}

    @staticmethod
    def english(arg, en):
        return "pay " + en.noun_amounts(arg)

    @staticmethod
    def run(arg, ctx):
        for noun, amount in arg.items():
            ctx.spend(ctx.actor, noun, ctx.amount(amount))
