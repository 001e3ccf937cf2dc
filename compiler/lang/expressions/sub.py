"""The expression `sub`: the first amount minus the second."""

from __future__ import annotations

from ..registry import primitive
from ._shared import ListForm, amounts


@primitive
class Sub(ListForm):
    name = "sub"
    args = amounts(2)
    summary = "The first amount minus the second."
    example = {"sub": [{"value": "shields"}, 1]}
    words = "{0} minus {1}"
    fold = staticmethod(lambda v: v[0] - sum(v[1:]))
