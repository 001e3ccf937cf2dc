"""The condition `gt`: true when the first amount is more than the second."""

from __future__ import annotations

import operator

from ..registry import primitive
from ._shared import Comparison


@primitive
class Gt(Comparison):
    name = "gt"
    summary = "True when the first amount is more than the second."
    example = {"gt": [{"value": "culture"}, 6]}
    words = "is more than"
    compare = staticmethod(operator.gt)
