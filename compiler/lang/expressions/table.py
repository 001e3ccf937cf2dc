"""The expression `table`: look an amount up in a table (e.g. a reward that grows with the age)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class TableArgs(Strict):
    key: Amount = Field(description="The amount looked up")
    values: dict[int, int] = Field(description="The result for each key")
    default: int = Field(0, description="The result for a key not in the table")


@primitive
class Table(Primitive):
    family, name = "expression", "table"
    args = TableArgs
    summary = "Look an amount up in a table (e.g. a reward that grows with the age)."
    example = {"table": {"key": {"value": "age"}, "values": {1: 1, 2: 3, 3: 5}}}

    @staticmethod
    def english(arg, en):
        key = en.amount(arg.key)
        results = en.join([str(v) for v in arg.values.values()], "or")
        keys = en.join([str(k) for k in arg.values], "or")
        out = (
            f"{results} when {key} is {keys} respectively" if len(arg.values) > 1 else f"{results} when {key} is {keys}"
        )
        return f"{out}, otherwise {arg.default}" if arg.default else out

    @staticmethod
    def run(arg, ctx):
        return arg.values.get(ctx.amount(arg.key), arg.default)
