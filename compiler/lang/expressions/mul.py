"""The expression `mul`: the product of several amounts."""

from __future__ import annotations

import math

from ..registry import primitive
from ._shared import ListForm, amounts


@primitive
class Mul(ListForm):
    name = "mul"
    args = amounts(2)
    summary = "The product of several amounts."
    example = {"mul": [{"count": {"kind": "wonder_stage"}}, 2]}
    words = "{0} times {1}"
    fold = staticmethod(math.prod)
