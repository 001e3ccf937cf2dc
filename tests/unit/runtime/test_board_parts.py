"""A board's parts (hexes, pieces, tiles) are replaced whole when they change, never edited in
place (runtime/board/hexes.py): copies of a state share them, and what is read of a board (the
open hexes, the symbols around a hex) is kept by them (`hexes.seen`)."""

from __future__ import annotations

from types import MappingProxyType

from compiler.runtime.board import hexes
from compiler.tools.play import new_game

import flowkit
from flowkit import legal_moves_played, set_up


def _frozen(board: dict) -> None:
    for part in list(board):
        board[part] = MappingProxyType(dict(board[part]))


def test_a_whole_game_never_edits_a_board_part_in_place(monkeypatch):
    """Every part read-only, and each change made read-only as it is made: a write in place would
    raise. The game is the same as with plain parts, on both engines."""
    attika = flowkit.game("attika")
    for engine in ("interpreter", "handlers"):
        plain = legal_moves_played(new_game(attika, 3, 4, engine), seed=4)
        with monkeypatch.context() as patched:
            patched.setattr(
                hexes,
                "_changed",
                lambda board, part, cells: board.__setitem__(part, MappingProxyType({**board[part], **cells})),
            )
            state = new_game(attika, 3, 4, engine)
            _frozen(state.state.board)
            assert legal_moves_played(state, seed=4) == plain


def test_a_copy_shares_the_parts_and_a_piece_placed_on_it_changes_only_its_own():
    state = set_up(flowkit.game("attika"), 2, seed=3).state
    ctx_board = hexes.board_of(state)
    copy = state.copy(new_run=True)
    assert all(copy.board[part] is state.board[part] for part in ("hexes", "pieces", "tiles"))
    site = next(h for h in ctx_board["hexes"] if h not in ctx_board["pieces"])
    pieces_before = dict(state.board["pieces"])
    hexes.put_piece(copy.board, site, "p1", "probe")
    assert state.board["pieces"] == pieces_before and site not in state.board["pieces"]
    assert copy.board["pieces"][site] == ["p1", "probe"] and copy.board["hexes"] is state.board["hexes"]
    # what is read of each board is its own: the hex is open on the original only
    assert hexes.seen(copy.board) is not hexes.seen(state.board)
    assert hexes.seen(state.copy(new_run=True).board) is hexes.seen(state.board)


def test_each_players_pieces_carried_to_a_new_board_are_those_read_anew():
    """put_piece carries the pieces read on the board before (owned_pieces) over to the new one:
    the same as reading the new board afresh, in the board's order."""
    attika = flowkit.game("attika")
    state = set_up(attika, 3, seed=6)
    board = hexes.board_of(state.state)
    free = [h for h in board["hexes"] if h not in board["pieces"]]
    for n, (site, seat) in enumerate(zip(free[:6], [0, 1, 0, 2, 0, 1])):
        hexes.owned_pieces(board)  # read before each piece, so that it is carried over
        hexes.put_piece(board, site, f"p{seat + 1}", f"card_{n}")
    carried = hexes.owned_pieces(board)
    hexes._SEEN.clear()
    assert carried == hexes.owned_pieces(board) and carried["p1"][-1] == (free[4], "card_4")
