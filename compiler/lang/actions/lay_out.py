"""The action `lay_out`: assemble the starting board: the layout game.yaml declares for the player
count, each tile from its pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class LayOutArgs(Strict):
    players: Amount | None = Field(None, description="The player count whose layout is used (default: the game's)")


@primitive
class LayOut(Primitive):
    family, name = "action", "lay_out"
    args = LayOutArgs
    summary = (
        "Assemble the starting board: the layout game.yaml declares for the player count, each tile from its pile."
    )
    example = {"lay_out": {}}

    @staticmethod
    def english(arg, en):
        return "assemble the starting board for the number of players"

    @staticmethod
    def run(arg, ctx):
        ctx.board.lay_out(ctx, ctx.amount(arg.players) if arg.players is not None else None)
