"""What several conditions share: the comparisons of two amounts (gt, gte, lt, lte, eq, ne)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field

from ..registry import Primitive

if TYPE_CHECKING:
    from ..nodes import Amount

TWO_AMOUNTS = Annotated[list["Amount"], Field(min_length=2, max_length=2)]


class Comparison(Primitive):
    """A test of two amounts: `compare` of their values; its English puts `words` between them."""

    family = "condition"
    args = TWO_AMOUNTS
    words: ClassVar[str]
    compare: ClassVar[Callable[..., Any]]  # (left: int, right: int) -> bool, a staticmethod

    @classmethod
    def english(cls, arg, en):
        left = en.amount(arg[0])
        plural = left.startswith(("your ", "their ")) and left.endswith("s") and not left.endswith("ss")
        verb = cls.words.replace("is ", "are ", 1) if plural and cls.words.startswith("is ") else cls.words
        return f"{left} {verb} {en.amount(arg[1])}"

    @classmethod
    def run(cls, arg, ctx):
        return cls.compare(ctx.amount(arg[0]), ctx.amount(arg[1]))
