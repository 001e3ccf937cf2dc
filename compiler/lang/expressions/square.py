"""The expression `square`: an amount multiplied by itself."""

from __future__ import annotations

from ..registry import primitive
from ._shared import ListForm, amounts


@primitive
class Square(ListForm):
    name = "square"
    args = amounts(1, 1)
    summary = "An amount multiplied by itself."
    example = {"square": [{"value": "tablet"}]}
    words = "{0} squared"
    fold = staticmethod(lambda v: v[0] * v[0])
