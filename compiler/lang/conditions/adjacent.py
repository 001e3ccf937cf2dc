"""The condition `adjacent`: true when the hex of the card in view (the one just placed) has a
neighbour holding a matching piece or symbol."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Name, PlayerSet, Selector, Strict


class AdjacentArgs(Strict):
    to: Selector | None = Field(None, description="Pieces of these cards count (default: any piece)")
    of: PlayerSet = Field("self", description="Whose pieces")
    symbol: Name | None = Field(None, description="Instead of a piece: a hex showing this symbol")


@primitive
class Adjacent(Primitive):
    family, name = "condition", "adjacent"
    args = AdjacentArgs
    summary = "True when the hex of the card in view (the one just placed) has a neighbour holding a matching piece or symbol."
    example = {"adjacent": {"to": {"kind": "building"}, "of": "self"}}

    @staticmethod
    def reads_view(arg):
        return True  # the hex of the card in view

    @staticmethod
    def english(arg, en):
        if arg.symbol:
            return f"it stands next to a {en.symbol(arg.symbol)} hex"
        what = en.selector(arg.to) if arg.to else "pieces"
        whose = "" if arg.of == "self" else f" of {en.players(arg.of)}"
        return f"it stands next to one of the {what}{whose}"

    @staticmethod
    def run(arg, ctx):
        owners = ctx.players(arg.of) if arg.symbol is None else None
        return ctx.board.adjacent(ctx, arg.symbol, owners, ctx.filter(arg.to))
