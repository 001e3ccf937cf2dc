"""The condition `connected`: true when the acting player's matching pieces form one chain of
neighbouring hexes (and, if complete, all are placed)."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import FieldName, Selector, Strict


class ConnectedArgs(Strict):
    pieces: Selector | None = Field(None, description="Which of the acting player's pieces (default: all)")
    same: FieldName | None = Field(None, description="Only pieces whose field equals that of the card in view")
    complete: bool = Field(False, description="Every card of the game that matches must be among the player's pieces")


@primitive
class Connected(Primitive):
    family, name = "condition", "connected"
    args = ConnectedArgs
    summary = "True when the acting player's matching pieces form one chain of neighbouring hexes (and, if complete, all are placed)."
    example = {"connected": {"pieces": {"kind": "building"}, "same": "group", "complete": True}}

    @staticmethod
    def reads_view(arg):
        return arg.same is not None  # with `same`, the card in view

    @staticmethod
    def english(arg, en):
        what = en.selector(arg.pieces) if arg.pieces else "pieces"
        if arg.same:
            what += f" of the same {en.word(arg.same)}"
        return f"{'all ' if arg.complete else 'your '}{what} {'are placed and ' if arg.complete else ''}touch each other in one chain"

    @staticmethod
    def run(arg, ctx):
        return ctx.board.connected(ctx, ctx.filter(arg.pieces), arg.same, arg.complete)
