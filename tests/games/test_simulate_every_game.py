"""Every shipped game with a flow simulates without an error, at its fewest and its most players,
on both engines: long games spend a step budget per decision, not one for the whole game."""

from __future__ import annotations

import json

import pytest

from compiler.pipeline.project import load

from repo_paths import REPO

GAMES = [g for g in load([], REPO).games if g.game.flow is not None]
CASES = [
    (g.id, players, engine)
    for g in GAMES
    for players in sorted({g.game.players.min, g.game.players.max})
    for engine in ("handlers", "interpreter")
]


@pytest.mark.parametrize(("game_id", "players", "engine"), CASES)
def test_simulate_plays_every_game_to_its_end(ostraka, tmp_path, game_id, players, engine):
    out = tmp_path / "run"
    args = ["--players", str(players), "--games", "4", "--seed", "2", "--engine", engine]
    result = ostraka("simulate", game_id, *args, "--out", str(out), "--format", "json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 4
    assert sum(w["wins"] for w in summary["wins_by_seat"]) == pytest.approx(4)
