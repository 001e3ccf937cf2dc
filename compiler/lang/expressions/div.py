"""The expression `div`: the first amount divided by the second, rounded down."""

from __future__ import annotations

from ..registry import primitive
from ._shared import ListForm, amounts


def _div(values: list[int]) -> int:
    a, b = values
    return a // b if b else 0  # nothing divided by zero


@primitive
class Div(ListForm):
    name = "div"
    args = amounts(2, 2)
    summary = "The first amount divided by the second, rounded down."
    example = {"div": [{"value": "coins"}, 3]}
    words = "{0} divided by {1}, rounded down"
    fold = staticmethod(_div)
