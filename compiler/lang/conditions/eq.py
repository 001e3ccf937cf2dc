"""The condition `eq`: true when the first amount equals the second."""

from __future__ import annotations

import operator

from ..registry import primitive
from ._shared import Comparison


@primitive
class Eq(Comparison):
    name = "eq"
    summary = "True when the first amount equals the second."
    example = {"eq": [{"value": "culture"}, 6]}
    words = "equals"
    compare = staticmethod(operator.eq)
