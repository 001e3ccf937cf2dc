"""The condition `gte`: true when the first amount is at least the second."""

from __future__ import annotations

import operator

from ..registry import primitive
from ._shared import Comparison


@primitive
class Gte(Comparison):
    name = "gte"
    summary = "True when the first amount is at least the second."
    example = {"gte": [{"value": "culture"}, 6]}
    words = "is at least"
    compare = staticmethod(operator.ge)
