"""The expression `clusters`: how many separate groups of neighbouring hexes the acting player's pieces
form."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Selector, Strict


class ClustersArgs(Strict):
    pieces: Selector | None = Field(None, description="Which of the acting player's pieces (default: all)")


@primitive
class Clusters(Primitive):
    family, name = "expression", "clusters"
    args = ClustersArgs
    summary = "How many separate groups of neighbouring hexes the acting player's pieces form."
    example = {"clusters": {}}
    within_bounds = True

    @staticmethod
    def english(arg, en):
        what = en.selector(arg.pieces) if arg.pieces else "pieces"
        return f"the number of separate groups your {what} form"

    @staticmethod
    def run(arg, ctx):
        return ctx.board.clusters(ctx, ctx.filter(arg.pieces))
