"""The action `place_tile`: the acting player takes the first tile of a pile and lays it where all its
hexes are free and one touches the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Strict, ZoneName

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class PlaceTileArgs(Strict):
    from_: ZoneName = Field(alias="from", description="The shared pile whose first card is laid")
    count: Amount = Field(1, description="How many tiles are laid, one after another")


@primitive
class PlaceTile(Primitive):
    family, name = "action", "place_tile"
    args = PlaceTileArgs
    summary = "The acting player takes the first tile of a pile and lays it where all its hexes are free and one touches the board."
    example = {"place_tile": {"from": "land_pile"}}

    @staticmethod
    def english(arg, en):
        n = en.amount(arg.count)
        what = "the first tile" if n == "1" else f"the first {n} tiles"
        return (
            f"take {what} of the {en.word(arg.from_)} and add {'it' if n == '1' else 'them'} to the board, touching it"
        )

    @staticmethod
    def run(arg, ctx):
        ctx.board.place_tiles(ctx, arg.from_, ctx.amount(arg.count))
