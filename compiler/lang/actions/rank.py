"""The action `rank`: move the acting player to the first or last place of a ranking counter (1..n)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Noun, Strict


class RankArgs(Strict):
    counter: Noun = Field(description="A counter ranking the players 1..n (e.g. turn order)")
    to: Literal["first", "last"] = Field(description="Where the acting player goes")


@primitive
class Rank(Primitive):
    family, name = "action", "rank"
    args = RankArgs
    summary = "Move the acting player to the first or last place of a ranking counter (1..n); the players between close the gap."
    example = {"rank": {"counter": "turn_order", "to": "last"}}

    @staticmethod
    def english(arg, en):
        return f"move to the {arg.to} place of the {en.word(arg.counter)}"

    @staticmethod
    def run(arg, ctx):
        ctx.board.rank(ctx, arg.counter, arg.to == "last")
