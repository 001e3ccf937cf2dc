"""What several expressions share: the forms that fold a list of amounts into one (add, min, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field

from ..registry import Primitive

if TYPE_CHECKING:
    from ..nodes import Amount


def amounts(least: int = 1, most: int | None = None) -> Any:
    """The argument of a list form: amounts, at least `least` and at most `most` of them."""
    return Annotated[list["Amount"], Field(min_length=least, max_length=most)]


class ListForm(Primitive):
    """An expression over a list of amounts: its English is `words` ("{0} minus {1}" placed, or a
    phrase before the amounts joined by "and"), its value is `fold` of the amounts' values."""

    family = "expression"
    words: ClassVar[str]
    fold: ClassVar[Callable[..., Any]]  # (values: list[int]) -> int, a staticmethod

    @classmethod
    def english(cls, arg, en):
        parts = [en.amount(a) for a in arg]
        return cls.words.format(*parts) if "{0}" in cls.words else f"{cls.words} " + en.join(parts, "and")

    @classmethod
    def run(cls, arg, ctx):
        return cls.fold([ctx.amount(a) for a in arg])
