"""The condition `any`: true when at least one test holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import Primitive, primitive

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Condition


@primitive
class Any_(Primitive):
    family, name = "condition", "any"
    args = list["Condition"]
    summary = "True when at least one test holds."
    example = {"any": [{"owns": "temple_of_zeus"}, {"owns": "temple_of_hera"}]}

    @staticmethod
    def english(arg, en):
        return " or ".join(en.condition(c) for c in arg)

    @staticmethod
    def run(arg, ctx):
        return any(ctx.test(c) for c in arg)
