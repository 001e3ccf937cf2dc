"""The action `reveal`: turn over the top card of a pile (an ordered zone) into another zone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Strict, ZoneName

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action, Amount


class RevealArgs(Strict):
    from_: ZoneName | list[ZoneName] = Field(
        alias="from", description="The pile (an ordered zone), or several: the player picks a non-empty one"
    )
    to: ZoneName = Field(description="Where the card goes")
    count: Amount = Field(1, description="How many cards, from the top")
    if_emptied: list[Action] = Field(default_factory=list, description="Carried out when this empties the pile")


@primitive
class Reveal(Primitive):
    family, name = "action", "reveal"
    args = RevealArgs
    summary = "Turn over the top card of a pile (an ordered zone) into another zone; something may happen when the pile runs out."
    example = {
        "reveal": {
            "from": ["stack_a", "stack_b"],
            "to": "storage",
            "if_emptied": [{"place_tile": {"from": "land_pile"}}],
        }
    }

    @staticmethod
    def english(arg, en):
        piles = en.join([en.zone(z) for z in (arg.from_ if isinstance(arg.from_, list) else [arg.from_])], "or")
        out = f"turn over the top card of {piles} into {en.zone(arg.to)}"
        if en.amount(arg.count) != "1":
            out = f"turn over as many cards as {en.amount(arg.count)} from the top of {piles} into {en.zone(arg.to)}"
        if arg.if_emptied:
            out += "; if that empties the pile, " + en.actions(arg.if_emptied)
        return out

    @staticmethod
    def run(arg, ctx):
        zones, rules = ctx.decide.zones, ctx.game.game
        emptied = (lambda c: c.run(arg.if_emptied)) if arg.if_emptied else None
        ctx.board.reveal(
            ctx, zones.pairs(rules, arg.from_), zones.pair(rules, arg.to), lambda: ctx.amount(arg.count), emptied
        )
