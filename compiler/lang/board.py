"""The board of hex spaces a game may declare (game.yaml `board:`), which the board primitives work on.

The board itself is a game noun: game.yaml declares it under `board:` (BoardSpec below): which kinds
are laid as tiles and which of their fields name the symbol shown on each hex of the tile, which
symbols no piece may stand on, which kinds are placed as pieces, and the starting layouts by player
count. The board primitives (actions/place.py, place_tile.py, lay_out.py, conditions/adjacent.py,
connected.py, links.py, expressions/clusters.py) work on that declaration; none of them knows a game.

Positions are axial hex coordinates written "q,r" (pointy-top hexes; the six neighbours of q,r are
q+1,r  q+1,r-1  q,r-1  q-1,r  q-1,r+1  q,r+1). The logic lives in compiler/runtime/board/.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from .types import FieldName, KindName, Name, Strict, ZoneName


def _pair(value: Any) -> Any:
    """YAML writes [q, r] as a list: a tuple for the strict models, as for the schema (checked first)."""
    return tuple(value) if isinstance(value, list) else value


Offset = Annotated[tuple[int, int], BeforeValidator(_pair)]


# ----------------------------------------------------------------------------- game.yaml: board


class LayoutTile(Strict):
    from_: ZoneName = Field(alias="from", description="The shared pile the tile is taken from (its first card)")
    at: Offset = Field(description="Where the tile's [0, 0] hex goes, in axial coordinates [q, r]")


class BoardSpec(Strict):
    """A board of hex spaces assembled from tiles; pieces are placed on its hexes."""

    tiles: dict[KindName, dict[FieldName, Offset]] = Field(
        description="Kinds laid as tiles: for each, the card fields naming the symbol of each hex, with the hex's offset [q, r]"
    )
    pieces: list[KindName] = Field(
        description="Kinds placed on single hexes (a placed piece is also in play in its kind's zone)"
    )
    blank: Name | None = Field(None, description="The symbol that shows nothing")
    closed: list[Name] = Field(default_factory=list, description="Symbols of hexes on which no piece may be placed")
    layouts: dict[int, list[LayoutTile]] = Field(
        default_factory=dict,
        description="The starting board for each player count: tiles taken from piles and laid at fixed places",
    )
