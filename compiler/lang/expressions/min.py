"""The expression `min`: the smallest of several amounts."""

from __future__ import annotations

from ..registry import primitive
from ._shared import ListForm, amounts


@primitive
class Min(ListForm):
    name = "min"
    args = amounts()
    summary = "The smallest of several amounts."
    example = {"min": [{"value": "compass"}, {"value": "gear"}]}
    within_bounds = True
    words = "the smallest of"
    fold = staticmethod(min)
