"""The expression `max`: the largest of several amounts."""

from __future__ import annotations

from ..registry import primitive
from ._shared import ListForm, amounts


@primitive
class Max(ListForm):
    name = "max"
    args = amounts()
    summary = "The largest of several amounts."
    example = {"max": [0, {"value": "points"}]}
    within_bounds = True
    words = "the largest of"
    fold = staticmethod(max)
