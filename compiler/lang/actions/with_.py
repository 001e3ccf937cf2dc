"""The action `with`: another player (usually the card's owner, inside for_each) carries out the
actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import PlayerName, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action


class WithArgs(Strict):
    player: PlayerName = Field(description="Who acts: 'owner', or a relation such as 'left'")
    do: list[Action]


@primitive
class With(Primitive):
    family, name = "action", "with"
    args = WithArgs
    summary = "Another player (usually the card's owner, inside for_each) carries out the actions."
    example = {"with": {"player": "owner", "do": [{"gain": {"coins": 1}}]}}

    @staticmethod
    def english(arg, en):
        return en.subject(en.players(arg.player), arg.do)

    @staticmethod
    def run(arg, ctx):
        for player in ctx.players(arg.player):
            ctx.as_actor(player).run(arg.do)
