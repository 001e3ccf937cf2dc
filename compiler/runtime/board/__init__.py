"""The table at run time: the hex board (tiles laid, pieces placed, chains of pieces), piles,
rankings and bids. One module per job; the verbs are offered here, as the primitives' run()
(through Context.board) and the generated handlers (rt.board) call them. Nothing here knows a
game or a card.
"""

from .bids import bid
from .examples import compare_board, setup_board
from .hexes import IN_VIEW, BoardInvalid, board_of, components, neighbours, open_hexes, parse, site_of
from .piles import draw, follows_last, lay_out, place_tiles, reveal, shuffle
from .placing import Placement, affordable, pay, place
from .rankings import rank, total
from .shapes import adjacent, clusters, connected, links, pieces

__all__ = [
    "BoardInvalid",
    "Placement",
    "adjacent",
    "affordable",
    "bid",
    "board_of",
    "clusters",
    "compare_board",
    "draw",
    "components",
    "connected",
    "follows_last",
    "lay_out",
    "links",
    "neighbours",
    "open_hexes",
    "parse",
    "pay",
    "pieces",
    "place",
    "place_tiles",
    "rank",
    "reveal",
    "setup_board",
    "shuffle",
    "site_of",
    "IN_VIEW",
    "total",
]
