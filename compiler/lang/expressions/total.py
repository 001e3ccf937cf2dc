"""The expression `total`: the sum of a whole-number field over matching cards (e.g. the prestige
printed on a player's tiles)."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import FieldName, Selector, Strict


class TotalArgs(Strict):
    field: FieldName = Field(description="A whole-number field of the cards")
    cards: Selector | None = Field(None, description="Which cards (default: every card the acting player has in play)")


@primitive
class Total(Primitive):
    family, name = "expression", "total"
    args = TotalArgs
    summary = "The sum of a whole-number field over matching cards (e.g. the prestige printed on a player's tiles)."
    example = {"total": {"field": "prestige", "cards": {"kind": ["land", "building"]}}}

    @staticmethod
    def english(arg, en):
        what = en.selector(arg.cards) if arg.cards else "your cards in play"
        return f"the total {en.word(arg.field)} of {what}"

    @staticmethod
    def run(arg, ctx):
        found = ctx.select(arg.cards) if arg.cards is not None else [(ctx.actor, c) for c in ctx.owned_ids(ctx.actor)]
        return ctx.board.total(ctx, found, arg.field)
