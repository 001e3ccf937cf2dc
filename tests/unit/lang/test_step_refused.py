"""A `do` or `fire` step of the flow that the rules refuse is a located error, never a step that
silently changes nothing: at check time when the set-up shows it (E405), and in `ostraka play`
and `simulate` when a game reaches it later."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.pipeline.project import load
from compiler.runtime.flow import GameState
from compiler.runtime.program import StepRefused

from repo_paths import TESTS

FIXTURE = TESTS / "fixtures" / "flow"
SETUP = """  setup:
    - each_player:
        position: position"""
# a free build by a bare id: `one` lies in no zone of cards in play, so nothing is built
REFUSED_SETUP = """  setup:
    - each_player:
        steps: [{do: [{build: {card: one, free: true, optional: false}}]}]
    - each_player:
        position: position"""
# the same, once the game is under way: the end of the first round (seed 3 reaches it)
ROUND_END = "          - fire: round_end\n"
REFUSED_LATER = ROUND_END + "          - do: [{build: {card: one, free: true, optional: false}}]\n"


@pytest.fixture
def race(tmp_path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "cards" / "race")
    return tmp_path


def _edit(race: Path, old: str, new: str) -> Path:
    game_yaml = race / "cards" / "race" / "game.yaml"
    text = game_yaml.read_text()
    assert old in text
    game_yaml.write_text(text.replace(old, new))
    return game_yaml


def test_a_refused_setup_step_is_found_at_check_time(ostraka, race):
    game_yaml = _edit(race, SETUP, REFUSED_SETUP)
    result = ostraka("check", "--no-cache", "--format", "json", "cards/race", cwd=race)
    assert result.exit_code == 1, result.output
    line = next(i for i, text in enumerate(game_yaml.read_text().splitlines(), 1) if "build: {card: one" in text)
    found = [(d["code"], d["file"], d["line"]) for d in result.json()["diagnostics"]]
    assert ("E405", "cards/race/game.yaml", line) in found, found


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_a_step_refused_in_play_stops_the_game_with_its_place(ostraka, race, engine):
    game_yaml = _edit(race, ROUND_END, REFUSED_LATER)
    result = ostraka("play", "race", "--players", "2", "--seed", "3", "--engine", engine, cwd=race)
    assert result.exit_code == 1, result.output
    line = next(i for i, text in enumerate(game_yaml.read_text().splitlines(), 1) if "build: {card: one" in text)
    assert f"cards/race/game.yaml:{line}:" in result.output and "E405" in result.output, result.output
    # the set-up is fine: the game check plays (pipeline/check/flowgame.py) finds it, at the same place
    checked = ostraka("check", "--no-cache", "cards/race", cwd=race)
    assert checked.exit_code == 1 and f"cards/race/game.yaml:{line}:" in checked.output, checked.output
    assert "E405" in checked.output and "E404" not in checked.output, checked.output


def test_the_runner_raises_rather_than_changing_nothing(race):
    _edit(race, ROUND_END, REFUSED_LATER)
    (game,) = load([], race).games
    state = GameState(game, 2, 3)
    with pytest.raises(StepRefused) as refused:
        while not state.is_terminal():
            state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    assert "no card can be built" in refused.value.reason


def test_simulate_reports_a_refused_step_at_its_place(ostraka, race, tmp_path):
    game_yaml = _edit(race, ROUND_END, REFUSED_LATER)
    out = tmp_path / "out"
    result = ostraka("simulate", "race", "--players", "2", "--games", "4", "--out", str(out), cwd=race)
    assert result.exit_code == 1, result.output
    line = next(i for i, text in enumerate(game_yaml.read_text().splitlines(), 1) if "build: {card: one" in text)
    assert f"cards/race/game.yaml:{line}:" in result.output and "E405" in result.output, result.output
    assert not out.exists()  # nothing half-written
