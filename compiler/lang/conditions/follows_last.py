"""The condition `follows_last`: true when the card in view shares a value of a field with the last
card of a row (a chain that must be continued)."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import FieldName, Strict, ZoneName


class FollowsLastArgs(Strict):
    zone: ZoneName = Field(description="A row of cards (an ordered player zone); its last card is compared")
    field: FieldName = Field(description="The field compared: they must share a value (for a cost field: a noun)")
    empty: bool = Field(True, description="The result when the row is empty")


@primitive
class FollowsLast(Primitive):
    family, name = "condition", "follows_last"
    args = FollowsLastArgs
    summary = "True when the card in view shares a value of a field with the last card of a row (a chain that must be continued)."
    example = {"follows_last": {"zone": "lands", "field": "produces"}}

    @staticmethod
    def reads_view(arg):
        return True  # the card in view

    @staticmethod
    def english(arg, en):
        return f"it shares a {en.word(arg.field)} with the last card of your {en.word(arg.zone)}"

    @staticmethod
    def run(arg, ctx):
        return ctx.board.follows_last(
            ctx, arg.zone, ctx.decide.zones.shared(ctx.game.game, arg.zone), arg.field, arg.empty
        )
