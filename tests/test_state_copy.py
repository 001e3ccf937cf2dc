"""State.copy is what every trial run (choose, may, can_build) works on: it must be a full deep copy,
sharing only the run's step budget (runtime/limits.py), on purpose."""

from __future__ import annotations

import copy
from pathlib import Path

from compiler.pipeline.check.examples import setup
from compiler.pipeline.project import load
from compiler.runtime.limits import budget, spend

REPO = Path(__file__).resolve().parent.parent


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
    for part in state.board.values():
        for key, cell in part.items():
            if isinstance(cell, dict):
                cell["symbol"] = "probe"
            elif isinstance(cell, list):
                cell.append("probe")
            part[key] = cell
        part["probe"] = "probe"


def test_state_copy_equals_deepcopy_and_shares_nothing():
    run = load([], REPO)
    checked = 0
    for game in run.games:
        for card in game.cards.values():
            for example in card.examples:
                try:
                    state = setup(game, example.given)
                except Exception:  # noqa: BLE001 - an example that sets up nothing is not this test's concern
                    continue
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
    assert checked > 100
    assert any(g.game.board is not None for g in run.games)  # the board's copy is exercised (Attika)
