"""The condition `lt`: true when the first amount is less than the second."""

from __future__ import annotations

import operator

from ..registry import primitive
from ._shared import Comparison


@primitive
class Lt(Comparison):
    name = "lt"
    summary = "True when the first amount is less than the second."
    example = {"lt": [{"value": "culture"}, 6]}
    words = "is less than"
    compare = staticmethod(operator.lt)
