"""The condition `held_by`: true when the card being considered (e.g. the one being built) is already
in play for one of these players."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import PlayerSet, Strict


class HeldByArgs(Strict):
    of: PlayerSet = Field("opponents", description="Whose cards in play are searched")


@primitive
class HeldBy(Primitive):
    family, name = "condition", "held_by"
    args = HeldByArgs
    summary = (
        "True when the card being considered (e.g. the one being built) is already in play for one of these players."
    )
    example = {"held_by": {"of": "opponents"}}

    @staticmethod
    def reads_view(arg):
        return True  # the card in view

    @staticmethod
    def english(arg, en):
        return f"{en.players(arg.of)} already have this card"

    @staticmethod
    def run(arg, ctx):
        return ctx.spaces.held_by(ctx, lambda: ctx.players(arg.of))
