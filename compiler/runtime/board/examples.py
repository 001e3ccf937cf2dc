"""The board as examples write it: `given: {board: ...}` sets it up, `expect: {board: ...}` checks it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state import Illegal, Player, State
from .hexes import BoardInvalid, board_of, key, lay_tile, parse, put_piece, tile_fits

if TYPE_CHECKING:  # pragma: no cover
    from ...model.compiled import CompiledGame


def setup_board(game: CompiledGame, state: State, given: Any) -> None:
    """`given: {board: {tiles: {"q,r": tile id}, pieces: {p1: {"q,r": card id}}}}`."""
    if not isinstance(given, dict) or set(given) - {"tiles", "pieces"}:
        raise BoardInvalid("board takes 'tiles' ({\"q,r\": tile id}) and 'pieces' ({p1: {\"q,r\": card id}})")
    _mappings(given, ("tiles", "pieces"), "board")
    board = board_of(state)
    for at, tile_id in (given.get("tiles") or {}).items():
        _lay(game, board, at, tile_id)
    for pid, placed in (given.get("pieces") or {}).items():
        try:
            player = state.player(pid)
        except KeyError:
            raise BoardInvalid(f"board.pieces names '{pid}', which is no player of this example") from None
        if not isinstance(placed or {}, dict):
            raise BoardInvalid(f"board.pieces.{pid} should map hexes to card ids")
        for at, card_id in (placed or {}).items():
            _put(game, board, player, at, card_id)


def _mappings(given: dict, parts: tuple[str, ...], where: str) -> None:
    for part in parts:
        if not isinstance(given.get(part) or {}, dict):
            raise BoardInvalid(f"{where}.{part} should be a mapping")


def _lay(game: CompiledGame, board: dict, at: Any, tile_id: Any) -> None:
    if not isinstance(tile_id, str) or tile_id not in game.cards:
        raise BoardInvalid(f"board.tiles names unknown tile '{tile_id}'")
    try:
        ok = tile_fits(game, board, tile_id, parse(at), touching=False)
    except Illegal as exc:
        raise BoardInvalid(str(exc)) from None
    if not ok:
        raise BoardInvalid(f"tile '{tile_id}' at {at} overlaps another tile")
    lay_tile(game, board, tile_id, parse(at))


def _put(game: CompiledGame, board: dict, player: Player, at: Any, card_id: Any) -> None:
    """A player's piece on an empty hex, its card in the zone its kind is built into."""
    hex_key = key(*parse(at))
    if not isinstance(card_id, str) or card_id not in game.cards:
        raise BoardInvalid(f"board.pieces names unknown card '{card_id}'")
    if hex_key not in board["hexes"] or hex_key in board["pieces"]:
        raise BoardInvalid(f"board.pieces: {hex_key} is not an empty hex of the board")
    put_piece(board, hex_key, player.id, card_id)
    zone = game.game.kinds[game.cards[card_id].kind].zone
    if zone and card_id not in player.zones.setdefault(zone, []):
        player.zones[zone].append(card_id)


def compare_board(state: State, wanted: Any) -> list[str]:
    """`expect: {board: {pieces: {p1: {...}}, tiles: {...}, hexes: n}}`; listed players' pieces must match exactly."""
    if not isinstance(wanted, dict) or set(wanted) - {"tiles", "pieces", "hexes"}:
        raise BoardInvalid("expect.board takes 'tiles', 'pieces' and 'hexes'")
    _mappings(wanted, ("tiles", "pieces"), "expect.board")
    if not all(isinstance(v or {}, dict) for v in (wanted.get("pieces") or {}).values()):
        raise BoardInvalid("expect.board.pieces should map players to {hex: card id}")
    board = board_of(state)
    problems = []
    for at, tile_id in (wanted.get("tiles") or {}).items():
        have = board["tiles"].get(key(*parse(at)))
        if have != tile_id:
            problems.append(f"board tile at {at} is {have}, expected {tile_id}")
    for pid, placed in (wanted.get("pieces") or {}).items():
        have = {h: cid for h, (p, cid) in board["pieces"].items() if p == pid}
        want = {key(*parse(h)): cid for h, cid in (placed or {}).items()}
        if have != want:
            problems.append(f"{pid}'s pieces are {dict(sorted(have.items()))}, expected {dict(sorted(want.items()))}")
    if "hexes" in wanted and len(board["hexes"]) != wanted["hexes"]:
        problems.append(f"the board has {len(board['hexes'])} hexes, expected {wanted['hexes']}")
    return problems
