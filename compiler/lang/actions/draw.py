"""The action `draw`: the top cards of a pile go to another zone: a number of them, or as many as
make that zone hold a number of cards ("draw until you have 5")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, model_validator

from ..registry import Primitive, primitive
from ..types import Strict, ZoneName

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class DrawArgs(Strict):
    from_: ZoneName = Field(alias="from", description="The pile drawn from (its first card is the top)")
    to: ZoneName = Field(description="Where the cards go (for a player's zone, the acting player's)")
    count: Amount | None = Field(None, description="How many cards (default 1)")
    until: Amount | None = Field(
        None, description="Or: as many as make `to` hold this many cards (none when it holds as many already)"
    )

    @model_validator(mode="after")
    def _one_amount(self):
        if self.count is not None and self.until is not None:
            raise ValueError("draw takes 'count' or 'until', not both")
        return self


@primitive
class Draw(Primitive):
    family, name = "action", "draw"
    args = DrawArgs
    summary = (
        "The top cards of a pile go to another zone: `count` of them, or as many as make that zone hold `until` "
        "cards; fewer when the pile runs out."
    )
    example = {"draw": {"from": "deck", "to": "hand", "until": 5}}

    @staticmethod
    def english(arg, en):
        pile, to = en.zone(arg.from_), en.zone(arg.to)
        if arg.until is not None:
            return f"draw cards from {pile} into {to} until it holds {en.amount(arg.until)}"
        n = en.amount(arg.count) if arg.count is not None else "1"
        return f"draw {'a card' if n == '1' else n + ' cards'} from {pile} into {to}"

    @staticmethod
    def run(arg, ctx):
        zones, rules = ctx.decide.zones, ctx.game.game
        count = None if arg.count is None else (lambda: ctx.amount(arg.count))
        until = None if arg.until is None else (lambda: ctx.amount(arg.until))
        ctx.board.draw(ctx, zones.pair(rules, arg.from_), zones.pair(rules, arg.to), count, until)
