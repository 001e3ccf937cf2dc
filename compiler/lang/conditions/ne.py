"""The condition `ne`: true when the first amount differs from the second."""

from __future__ import annotations

import operator

from ..registry import primitive
from ._shared import Comparison


@primitive
class Ne(Comparison):
    name = "ne"
    summary = "True when the first amount differs from the second."
    example = {"ne": [{"value": "culture"}, 6]}
    words = "differs from"
    compare = staticmethod(operator.ne)
