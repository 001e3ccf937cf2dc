"""The action `gain`: the acting player gains counters or resources (capped by the noun's maximum)."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ._shared import NounAmounts


@primitive
class Gain(Primitive):
    family, name = "action", "gain"
    args = NounAmounts
    summary = "The acting player gains counters or resources (capped by the noun's maximum)."
    example = {"gain": {"coins": 3, "points": 1}}

    @staticmethod
    def english(arg, en):
        losses = {k: -v for k, v in arg.items() if isinstance(v, int) and v < 0}
        gains = {k: v for k, v in arg.items() if k not in losses}
        parts = (["gain " + en.noun_amounts(gains)] if gains else []) + (
            ["lose " + en.noun_amounts(losses)] if losses else []
        )
        return " and ".join(parts)

    @staticmethod
    def run(arg, ctx):
        for noun, amount in arg.items():
            ctx.change(ctx.actor, noun, ctx.amount(amount))

    @staticmethod
    def never_refused(arg, sure):
        return True  # amounts are clamped to the noun's bounds, never refused
