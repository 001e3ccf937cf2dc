"""The condition `links`: true when one unbroken chain of the acting player's pieces touches `count`
different hexes showing a symbol."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Name, Selector, Strict


class LinksArgs(Strict):
    symbol: Name = Field(description="The symbol of the hexes to be linked")
    count: int = Field(2, ge=1, description="How many different such hexes one chain must touch")
    pieces: Selector | None = Field(None, description="Which of the acting player's pieces form chains (default: all)")


@primitive
class Links(Primitive):
    family, name = "condition", "links"
    args = LinksArgs
    summary = (
        "True when one unbroken chain of the acting player's pieces touches `count` different hexes showing a symbol."
    )
    example = {"links": {"symbol": "shrine", "count": 2}}

    @staticmethod
    def english(arg, en):
        return f"one chain of your pieces joins {arg.count} {en.symbol(arg.symbol)} hexes"

    @staticmethod
    def run(arg, ctx):
        return ctx.board.links(ctx, arg.symbol, arg.count, ctx.filter(arg.pieces))
