"""The condition `lte`: true when the first amount is at most the second."""

from __future__ import annotations

import operator

from ..registry import primitive
from ._shared import Comparison


@primitive
class Lte(Comparison):
    name = "lte"
    summary = "True when the first amount is at most the second."
    example = {"lte": [{"value": "culture"}, 6]}
    words = "is at most"
    compare = staticmethod(operator.le)
