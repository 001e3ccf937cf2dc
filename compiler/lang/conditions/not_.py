"""The condition `not`: true when the test does not hold."""

from __future__ import annotations

from ..registry import Primitive, primitive


@primitive
class Not(Primitive):
    family, name = "condition", "not"
    args = "Condition"
    summary = "True when the test does not hold."
    example = {"not": {"owns": "temple_of_apollo"}}

    @staticmethod
    def english(arg, en):
        if arg.key == "owns":
            return f"you do not have {en.card_ref(arg.arg)}"
        return f"it is not true that {en.condition(arg)}"

    @staticmethod
    def run(arg, ctx):
        return not ctx.test(arg)
