"""The action `shuffle`: a zone's cards go into another zone (or stay), which is put in a random order."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Strict, ZoneName


class ShuffleArgs(Strict):
    zone: ZoneName = Field(description="The zone whose cards are shuffled (for a player's zone, the acting player's)")
    into: ZoneName | None = Field(
        None, description="The zone they are shuffled into, under the cards it holds (default: the zone itself)"
    )


@primitive
class Shuffle(Primitive):
    family, name = "action", "shuffle"
    args = ShuffleArgs
    summary = (
        "A zone's cards are shuffled into another zone (or in place): that zone is then in a random order. The "
        "order is drawn from the state as it is (the same state shuffles alike on both engines); it is not yet a "
        "chance node of a whole game."
    )
    example = {"shuffle": {"zone": "discard", "into": "deck"}}

    @staticmethod
    def english(arg, en):
        if arg.into is None or arg.into == arg.zone:
            return f"shuffle {en.zone(arg.zone)}"
        return f"shuffle {en.zone(arg.zone)} into {en.zone(arg.into)}"

    @staticmethod
    def run(arg, ctx):
        zones, rules = ctx.decide.zones, ctx.game.game
        ctx.board.shuffle(ctx, zones.pair(rules, arg.zone), zones.pair(rules, arg.into or arg.zone))
