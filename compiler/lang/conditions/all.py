"""The condition `all`: true when every test holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import Primitive, primitive

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Condition


@primitive
class All(Primitive):
    family, name = "condition", "all"
    args = list["Condition"]
    summary = "True when every test holds."
    example = {"all": [{"owns": "school"}, {"gte": [{"value": "culture"}, 4]}]}

    @staticmethod
    def english(arg, en):
        return " and ".join(en.condition(c) for c in arg)

    @staticmethod
    def run(arg, ctx):
        return all(ctx.test(c) for c in arg)
