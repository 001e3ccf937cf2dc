"""The expression `div`: the first amount divided by the second, rounded down."""

from __future__ import annotations

from ..registry import primitive
from ._shared import ListForm, amounts


def divide(a: int, b: int) -> int:
    """The division of the language, on both execution paths (decide/numbers.py): rounded down,
    and nothing divided by zero."""
    return a // b if b else 0


def _div(values: list[int]) -> int:
    return divide(*values)


@primitive
class Div(ListForm):
    name = "div"
    args = amounts(2, 2)
    summary = "The first amount divided by the second, rounded down."
    example = {"div": [{"value": "coins"}, 3]}
    within_bounds = True
    words = "{0} divided by {1}, rounded down"
    fold = staticmethod(_div)
