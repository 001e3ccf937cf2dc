"""The expression `add`: the sum of several amounts."""

from __future__ import annotations

from ..registry import primitive
from ._shared import ListForm, amounts


@primitive
class Add(ListForm):
    name = "add"
    args = amounts()
    summary = "The sum of several amounts."
    example = {"add": [{"value": "coins"}, 2]}
    words = "the sum of"
    fold = staticmethod(sum)
