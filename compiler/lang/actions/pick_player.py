"""The action `pick_player`: the acting player picks one player of a set (e.g. an opponent to attack)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import PlayerSet, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action


class PickPlayerArgs(Strict):
    players: PlayerSet = Field(description="The players to pick from")
    do: list[Action] = Field(
        description="What the picked player does; inside, 'self' is that player and 'owner' the card's owner"
    )


@primitive
class PickPlayer(Primitive):
    family, name = "action", "pick_player"
    args = PickPlayerArgs
    summary = (
        "The acting player picks one player of a set (e.g. an opponent to attack); that player carries out the actions."
    )
    example = {"pick_player": {"players": "opponents", "do": [{"lose": {"points": 1}}]}}

    @staticmethod
    def english(arg, en):
        return f"pick one of {en.players(arg.players)}; that player: " + en.actions(arg.do, person="they")

    @staticmethod
    def run(arg, ctx):
        ctx.spaces.pick_player(ctx, ctx.players(arg.players, ordered=True), lambda picked: picked.run(arg.do))
