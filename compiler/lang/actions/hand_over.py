"""The action `hand_over`: the acting player gives up to `count` units of some counters to another
player, one at a time, the chooser picking which."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Noun, PlayerName, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class HandOverArgs(Strict):
    to: PlayerName = Field("owner", description="Who receives: 'owner' (inside for_each or pick_player) or a relation")
    count: Amount = Field(description="How many units change hands, at most what the giver has")
    nouns: dict[Noun, Noun] = Field(
        description="The giver's counters, each mapped to the counter the receiver puts it in"
    )
    chosen_by: PlayerName = Field("owner", description="Who picks each unit: 'self' (the giver) or 'owner'")


@primitive
class HandOver(Primitive):
    family, name = "action", "hand_over"
    args = HandOverArgs
    summary = (
        "The acting player gives up to `count` units of some counters to another player, one at a time, the chooser "
        "picking which; each arrives as the counter it maps to (e.g. grain into a tribute area). A giver with fewer units gives what they have."
    )
    example = {"hand_over": {"to": "owner", "count": 2, "nouns": {"grain": "tribute_grain", "fish": "tribute_fish"}}}

    @staticmethod
    def english(arg, en):
        into = "; ".join(f"{en.word(a)} as {en.word(b)}" for a, b in arg.nouns.items() if a != b)
        chooser = "they choose which" if arg.chosen_by == "self" else f"{en.players(arg.chosen_by)} chooses which"
        out = f"give up to {en.amount(arg.count)} of your {en.words(list(arg.nouns), 'and')} to {en.players(arg.to)} ({chooser}"
        return out + (f"; received {into})" if into else ")")

    @staticmethod
    def run(arg, ctx):
        nouns = tuple(
            (given, received, ctx.decide.nouns.keeps(ctx.game.game, given)) for given, received in arg.nouns.items()
        )
        ctx.spaces.hand_over(ctx, ctx.players(arg.to)[0], ctx.players(arg.chosen_by)[0], ctx.amount(arg.count), nouns)
