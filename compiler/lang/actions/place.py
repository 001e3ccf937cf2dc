"""The action `place`: the acting player places a card as a piece on an empty, open hex of the board
and pays its cost, reduced by symbols on nearby hexes or waived next to a listed predecessor."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import CardRef, FieldName, Strict


class PlaceArgs(Strict):
    card: CardRef = Field(description="The cards that may be placed (a selector: its zone is where they come from)")
    free: bool = Field(False, description="Placed without paying its cost")
    reduce_by: list[Literal["site", "empty_neighbours", "neighbours"]] = Field(
        default_factory=list,
        description="Hexes whose symbols each take one unit of that resource off the cost: the site, its unoccupied neighbours, all its neighbours",
    )
    free_next_to: FieldName | None = Field(
        None,
        description="A refs field of the placed card: placed next to your piece of one of those cards, it costs nothing",
    )
    optional: bool = Field(False, description="The player may place nothing")


@primitive
class Place(Primitive):
    family, name = "action", "place"
    args = PlaceArgs
    summary = (
        "The acting player places a card as a piece on an empty, open hex of the board and pays its cost, "
        "reduced by symbols on nearby hexes or waived next to a listed predecessor; its built effects then run."
    )
    example = {
        "place": {"card": {"zone": "storage"}, "reduce_by": ["site", "empty_neighbours"], "free_next_to": "follows"}
    }

    @staticmethod
    def english(arg, en):
        out = f"{'you may ' if arg.optional else ''}place one of {en.card_ref(arg.card)} on an empty hex"
        if arg.free:
            return out + " for free"
        parts = {
            "site": "that hex",
            "empty_neighbours": "each unoccupied hex next to it",
            "neighbours": "each hex next to it",
        }
        if arg.reduce_by:
            out += ", paying its cost less one for each matching symbol on " + en.words(
                [parts[p] for p in arg.reduce_by], "and"
            )
        if arg.free_next_to:
            out += f"; it is free next to your piece of a card in its {en.word(arg.free_next_to)}"
        return out

    @staticmethod
    def run(arg, ctx):
        ctx.board.place(
            ctx,
            ctx.select(arg.card),
            tuple(arg.reduce_by),
            free=arg.free,
            free_next_to=arg.free_next_to,
            optional=arg.optional,
        )
