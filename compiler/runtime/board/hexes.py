"""The hex board's geometry and its state: coordinates, neighbours, tiles laid, pieces' hexes.

`state.board` holds plain values so that a state copies and compares cheaply:

    hexes:  {"q,r": {"symbol": str | None, "tile": tile id}}
    pieces: {"q,r": [player id, card id]}
    tiles:  {"q,r": tile id}              (where each tile's [0, 0] hex lies)

A part is replaced whole when it changes (`_changed`), never edited in place: copies of a state
share their parts (state.py), and what is read of a board is kept by its parts (`seen`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...decide.tables import kept_for
from ..filters import Match, allows
from ..state import Illegal, Player, State

if TYPE_CHECKING:  # pragma: no cover
    from ...model.compiled import CompiledGame
    from ..context import Context


DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class BoardInvalid(Exception):
    """An example's board is written wrongly."""


# ---------------------------------------------------------------------------- coordinates


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def parse(text: Any) -> tuple[int, int]:
    if isinstance(text, (list, tuple)) and len(text) == 2 and all(isinstance(v, int) for v in text):
        return int(text[0]), int(text[1])
    try:
        q, r = str(text).split(",")
        return int(q), int(r)
    except ValueError:
        raise BoardInvalid(f"'{text}' is not a hex position such as \"0,1\"") from None


@lru_cache(maxsize=1 << 16)  # a board has a few hundred hexes; geometry is asked of them again and again
def neighbours(hex_key: str) -> tuple[str, ...]:
    q, r = parse(hex_key)
    return tuple(key(q + dq, r + dr) for dq, dr in DIRECTIONS)


@lru_cache(maxsize=1 << 16)
def _order(hex_key: str) -> tuple[int, int]:
    q, r = parse(hex_key)
    return (r, q)


def sorted_hexes(keys) -> list[str]:
    return sorted(keys, key=_order)


# ---------------------------------------------------------------------------- state access


def board_of(state: State) -> dict[str, Any]:
    board = state.board
    if len(board) < 3:  # a state starts with an empty board: its parts are made on first use
        for part in ("hexes", "pieces", "tiles"):
            board.setdefault(part, {})
    return board


def spec_of(game: CompiledGame):
    spec = getattr(game.game, "board", None)
    if spec is None:
        raise Illegal("this game declares no board")
    return spec


def tile_cells(game: CompiledGame, tile_id: str) -> tuple[tuple[tuple[int, int], str | None], ...]:
    """A tile's hexes: (offset, symbol) for each cell its kind declares (worked out once a tile)."""
    known = kept_for(game, "hexes.tile_cells")
    cells = known.get(tile_id)
    if cells is None:
        spec = spec_of(game)
        card = game.cards[tile_id]
        declared = spec.tiles.get(card.kind)
        if declared is None:
            raise Illegal(f"a {card.kind} is not laid as a tile")
        fields = card.fields
        cells = known[tile_id] = tuple(
            (offset, None if fields.get(name) == spec.blank else fields.get(name)) for name, offset in declared.items()
        )
    return cells


def tile_fits(game: CompiledGame, board: dict, tile_id: str, anchor: tuple[int, int], touching: bool) -> bool:
    hexes = board["hexes"]
    cells = [key(anchor[0] + dq, anchor[1] + dr) for (dq, dr), _s in tile_cells(game, tile_id)]
    if any(c in hexes for c in cells):
        return False
    if touching and hexes:
        return any(n in hexes for c in cells for n in neighbours(c))
    return True


def touching_anchors(game: CompiledGame, board: dict, tile_id: str) -> tuple[str, ...]:
    """Every anchor where the tile lies on free hexes, one of them next to a laid one, in board order."""
    offsets = tuple(offset for offset, _symbol in tile_cells(game, tile_id))
    return _touching_anchors(offsets, frozenset(board["hexes"]))


@lru_cache(maxsize=256)  # trials lay the same tile on the same board again and again
def _touching_anchors(offsets: tuple[tuple[int, int], ...], taken: frozenset[str]) -> tuple[str, ...]:
    """A tile touches the board when one of its cells is a free neighbour of a laid hex: each such
    hex, under each cell of the tile, gives an anchor to try; it fits when all its cells are free."""
    free_neighbours = {n for h in taken for n in neighbours(h) if n not in taken}
    found = set()
    for hex_key in free_neighbours:
        q, r = parse(hex_key)
        for dq, dr in offsets:
            aq, ar = q - dq, r - dr
            if all(key(aq + oq, ar + or_) not in taken for oq, or_ in offsets):
                found.add(key(aq, ar))
    return tuple(sorted_hexes(found))


def lay_tile(game: CompiledGame, board: dict, tile_id: str, anchor: tuple[int, int]) -> None:
    cells = {
        key(anchor[0] + dq, anchor[1] + dr): {"symbol": symbol, "tile": tile_id}
        for (dq, dr), symbol in tile_cells(game, tile_id)
    }
    _changed(board, "hexes", cells)
    _changed(board, "tiles", {key(*anchor): tile_id})


def put_piece(board: dict, hex_key: str, player_id: str, card_id: str) -> None:
    """A player's piece of a card on a hex. Each player's pieces, if read on the board before
    (owned_pieces), are carried over to the new one with this piece last, as reading them anew
    would find them (an empty hex's piece comes last in the board's order)."""
    before = _seen_already(board)
    owned = before.get("owned") if before is not None and hex_key not in board["pieces"] else None
    _changed(board, "pieces", {hex_key: [player_id, card_id]})
    if owned is not None:
        seen(board)["owned"] = {**owned, player_id: [*owned.get(player_id, ()), (hex_key, card_id)]}


def _changed(board: dict, part: str, cells: dict[str, Any]) -> None:
    """A board part with these cells set: a new dict in its place (in the order setting them in
    place would give), for the old one may be a copy's too, or known to `seen`."""
    board[part] = {**board[part], **cells}


# (id of hexes, id of pieces) -> (hexes, pieces, what was read of them): kept with the parts, so
# that their ids stay theirs; a few hundred boards at most (a game's trials place many pieces)
_SEEN: dict[tuple[int, int], tuple[dict, dict, dict]] = {}
_SEEN_KEPT = 512


def _seen_already(board: dict) -> dict[Any, Any] | None:
    """What `seen` keeps for the board, if anything yet (None)."""
    hexes, pieces = board["hexes"], board["pieces"]
    entry = _SEEN.get((id(hexes), id(pieces)))
    return entry[2] if entry is not None and entry[0] is hexes and entry[1] is pieces else None


def seen(board: dict) -> dict[Any, Any]:
    """What has been read of a board's hexes and pieces, which never change in place (`_changed`):
    a memo for what follows from them (and from the game's cards: a board's parts are made for one
    state of one game, and shared only by its copies and their trials, so an example's memo is its own)."""
    hexes, pieces = board["hexes"], board["pieces"]
    entry = _SEEN.get((id(hexes), id(pieces)))
    if entry is None or entry[0] is not hexes or entry[1] is not pieces:
        if len(_SEEN) >= _SEEN_KEPT:
            _SEEN.clear()
        entry = _SEEN[(id(hexes), id(pieces))] = (hexes, pieces, {})
    return entry[2]


# An event's detail naming the card a `for_each: {cards: ...}` has in view (Context.in_view): there
# the hex of the card in view is its own piece's, not the one just placed.
IN_VIEW = "@in_view"


def site_of(ctx: Context, player: Player | None = None, card_id: str | None = None, placed: bool = False) -> str | None:
    """The hex of a player's piece of a card (default: the hex just placed, which the event carries
    to every listener, unless a `for_each` over cards has another card in view; else the card in
    view, or the event's card). `placed`: the hex just placed whatever card is in view."""
    event = ctx.event
    if player is None and card_id is None and "hex" in event:
        if placed or ctx.card is None or event.get(IN_VIEW) != ctx.card.id:
            return event["hex"]
    player = player or ctx.actor
    card_id = card_id or (ctx.card.id if ctx.card is not None else ctx.event.get("card"))
    for hex_key, (pid, cid) in board_of(ctx.state)["pieces"].items():
        if pid == player.id and cid == card_id:
            return hex_key
    return None


def piece_hexes(ctx: Context, players: list[Player], match: Match | None) -> set[str]:
    """The hexes of these players' pieces whose cards the filter lets through (None: every piece)."""
    owned = owned_pieces(board_of(ctx.state))
    cards = ctx.game.cards
    found = set()
    for player in players:
        for hex_key, card_id in owned.get(player.id, ()):
            if match is None or allows(cards, match, card_id):
                found.add(hex_key)
    return found


def owned_pieces(board: dict) -> dict[str, list[tuple[str, str]]]:
    """Player id -> their pieces on the board, (hex, card id) in the board's order (once per board)."""
    memo = seen(board)
    found = memo.get("owned")
    if found is None:
        found = memo["owned"] = {}
        for hex_key, (pid, cid) in board["pieces"].items():
            found.setdefault(pid, []).append((hex_key, cid))
    return found


def components(hexes: set[str] | frozenset[str]) -> tuple[frozenset[str], ...]:
    """The groups of neighbouring hexes among a set, in board order."""
    return _components(frozenset(hexes))


@lru_cache(maxsize=4096)  # the same pieces are grouped again after every build and in every trial
def _components(hexes: frozenset[str]) -> tuple[frozenset[str], ...]:
    left = set(hexes)
    out = []
    for start in sorted_hexes(hexes):
        if start not in left:
            continue
        group, todo = set(), [start]
        left.discard(start)
        while todo:
            here = todo.pop()
            group.add(here)
            for n in neighbours(here):
                if n in left:
                    left.discard(n)
                    todo.append(n)
        out.append(frozenset(group))
    return tuple(out)


def showing(board: dict, symbol: str) -> frozenset[str]:
    """The hexes of the board that show the symbol (once per board)."""
    memo = seen(board)
    found = memo.get(("showing", symbol))
    if found is None:
        found = memo["showing", symbol] = frozenset(
            h for h, cell in board["hexes"].items() if cell.get("symbol") == symbol
        )
    return found


def open_hexes(ctx: Context) -> tuple[str, ...]:
    """The hexes with no piece whose symbol is not closed to pieces, in board order."""
    board = board_of(ctx.state)
    closed = tuple(spec_of(ctx.game).closed)
    memo = seen(board)
    found = memo.get(("open", closed))
    if found is None:
        hexes, pieces = board["hexes"], board["pieces"]
        found = memo["open", closed] = tuple(
            sorted_hexes(h for h, cell in hexes.items() if h not in pieces and cell.get("symbol") not in closed)
        )
    return found
