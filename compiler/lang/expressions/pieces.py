"""The expression `pieces`: how many pieces (of whom, of which cards) lie on the board, or around
the hex just placed."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Name, PlayerSet, Selector, Strict


class PiecesArgs(Strict):
    of: PlayerSet = Field("self", description="Whose pieces")
    to: Selector | None = Field(None, description="Only pieces of these cards (default: any piece)")
    around: Literal["event"] | None = Field(
        None,
        description="'event': only on the hexes next to the hex just placed "
        "(known to every listener and inside for_each and with)",
    )
    on: Name | None = Field(None, description="Only pieces on hexes showing this symbol (e.g. water)")


@primitive
class Pieces(Primitive):
    family, name = "expression", "pieces"
    args = PiecesArgs
    summary = (
        "How many pieces of some players (of some cards) lie on the board, or next to the hex just placed, or on "
        "hexes showing a symbol."
    )
    example = {"pieces": {"around": "event", "of": "opponents", "to": {"kind": "building"}}}

    @staticmethod
    def reads_view(arg):
        return arg.around is not None  # with `around`, the hex of the event

    @staticmethod
    def english(arg, en):
        what = en.selector(arg.to, owned=False) if arg.to else "pieces"
        whose = f"your {what}" if arg.of == "self" else f"{what} of {en.players(arg.of)}"
        where = " next to the hex just built on" if arg.around else "" if arg.on else " on the board"
        if arg.on:
            where += f" standing on {en.symbol(arg.on)} hexes"
        return f"the number of {whose}{where}"

    @staticmethod
    def run(arg, ctx):
        return ctx.board.pieces(ctx, ctx.players(arg.of), ctx.filter(arg.to), arg.around is not None, arg.on)
