"""State.copy is what every trial run (choose, may, can_build) works on: it must be a full deep copy,
sharing only the run's step budget (core/limits.py), on purpose."""

from __future__ import annotations

import copy

from compiler.core.limits import budget, spend
from compiler.pipeline.check.examples import setup
from compiler.pipeline.project import load

from repo_paths import REPO


def _plain(state) -> dict:
    """The state's attributes but its step budget, which a copy shares."""
    return {k: v for k, v in vars(state).items() if k != "_ostraka_budget"}


def _mutate(state) -> None:
    for player in state.players:
        player.values["probe"] = player.values.get("probe", 0) + 1
        for ids in player.zones.values():
            ids.append("probe")
        player.used.add(("probe", 0, "once_per_game", 0))
    state.globals["probe"] = 1
    for ids in state.zones.values():
        ids.append("probe")
    for name, part in list(state.board.items()):  # a board part is replaced whole (runtime/board/hexes.py)
        changed = {
            key: {**cell, "symbol": "probe"}
            if isinstance(cell, dict)
            else [*cell, "probe"]
            if isinstance(cell, list)
            else cell
            for key, cell in part.items()
        }
        state.board[name] = {**changed, "probe": "probe"}


def _states():
    """The start state of every example that sets one up."""
    run = load([], REPO)
    for game in run.games:
        for card in game.cards.values():
            for example in card.examples:
                try:
                    yield game, card, example, setup(game, example.given)
                except Exception:  # noqa: BLE001 - an example that sets up nothing is not this test's concern
                    continue


def test_state_copy_equals_deepcopy_and_shares_nothing():
    checked, boards = 0, 0
    for game, card, example, state in _states():
        spend(state, 3)
        before = copy.deepcopy(state)
        twin = state.copy()
        assert twin == before and _plain(twin) == _plain(before), (game.id, card.id, example.name)
        assert budget(twin) is budget(state) and budget(state).used > 3  # shared, and the copy was charged
        _mutate(twin)
        assert state == before and _plain(state) == _plain(before), (
            f"the copy shares something with the state ({game.id}, {card.id})"
        )
        checked += 1
        boards += any(state.board.values())
    assert checked > 100
    assert boards  # the board's copy is exercised (Attika)


def test_a_lazy_copy_reads_and_writes_as_a_copy():
    """A trial's lazy copy (menus.py) holds the original's players' containers until it reads
    them; whatever it then writes, in any order, and however it is copied again, the original is
    unchanged, and the copy reads, fingerprints and measures as an eager one does."""
    checked = 0
    for game, card, _example, state in _states():
        before = copy.deepcopy(state)
        lazy = state.copy(new_run=True, lazy=True)
        assert lazy.fingerprint() == state.fingerprint() and lazy.size() == state.size()
        again = lazy.copy(new_run=True, lazy=True)  # a lazy copy of a lazy copy
        eager = lazy.copy()
        assert eager == before and again == before, (game.id, card.id)
        _mutate(lazy)
        _mutate(again)
        assert state == before and _plain(state) == _plain(before), (
            f"the lazy copy shares something with the state ({game.id}, {card.id})"
        )
        assert eager == before
        half = state.copy(new_run=True, lazy=True)
        half.players[0].values["probe"] = 1  # one container of one player taken, the rest still held
        deeper = half.copy(new_run=True, lazy=True)
        assert deeper.players[0].values["probe"] == 1 and deeper.fingerprint() == half.fingerprint()
        _mutate(deeper)
        assert half.players[0].values["probe"] == 1 and state == before, (game.id, card.id)
        checked += 1
    assert checked > 100
