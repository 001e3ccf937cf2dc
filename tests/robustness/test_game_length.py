"""A game that never ends is stopped at a bound (core/limits.py) with a located finding, E404 at
game.yaml's `flow:`: by `check` (one seeded random game of each flow), `play` and `simulate`. A
set-up `deal` of 10^9 copies is stopped the same way, before its pile fills the memory."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from compiler.core import limits

from repo_paths import TESTS

FLOW = TESTS / "fixtures" / "flow"


def project_with(tmp_path: Path, edit) -> Path:
    shutil.copytree(FLOW, tmp_path / "cards" / "race")
    game = tmp_path / "cards" / "race" / "game.yaml"
    game.write_text(edit(game.read_text()))
    return tmp_path


def never_ends(text: str) -> str:
    """The round counter never advances and nobody can win: `until` never holds; a move is offered
    every turn (the card played stays in hand), so the game makes decisions for ever."""
    text = text.replace(
        "        - build: {card: {zone: hand, where: {id: {field: id}}}, optional: false}\n",
        "        - gain: {coins: 1}\n",
    )
    text = text.replace("          - do: [{gain: {round: 1}}]\n", "")
    return text.replace("  win: {gte: [{value: points}, 12]}\n", "")


def nested(text: str) -> str:
    """Rounds within the bound (999) but decisions far past any game's."""
    return never_ends(text).replace("        until: {gte: [{value: round}, 3]}\n", "        times: 999\n")


def silent_loop(text: str) -> str:
    """Nested repeats of 999 rounds each with no decision in them: only the bound on all of a
    game's rounds together stops it (each repeat alone stays under its own)."""
    return text.replace(
        "\n  play:\n",
        "\n  play:\n    - repeat:\n        times: 999\n        steps:\n          - repeat:\n              times: 999\n"
        "              steps:\n                - do: [{gain: {coins: 1}}]\n",
        1,
    )


def huge_deal(text: str) -> str:
    text = text.replace(
        "globals: {round: {start: 1}, position: {}}",
        "globals: {round: {start: 1}, position: {}, big: {start: 1000000000}}",
    )
    return text.replace(
        "    - deal: {cards: {kind: token}, each: 2, to: hand}",
        "    - deal: {cards: {kind: token}, copies: {value: big}, each: 2, to: hand}",
    )


def flow_position(project: Path) -> str:
    lines = (project / "cards" / "race" / "game.yaml").read_text().splitlines()
    return f"cards/race/game.yaml:{lines.index('flow:') + 1}:1: error E404:"


def test_check_finds_a_flow_that_cannot_end(ostraka, tmp_path):
    project = project_with(tmp_path, never_ends)
    result = ostraka("check", cwd=project)
    assert result.exit_code == 1, result.output
    assert flow_position(project) in result.output
    assert "1,000 rounds" in result.output and "hint:" in result.output
    again = ostraka("check", cwd=project)  # from the cache: the same finding, the game not played again
    assert flow_position(project) in again.output


def test_a_clean_flow_passes_check(ostraka, tmp_path):
    project = project_with(tmp_path, lambda t: t)
    result = ostraka("check", cwd=project)
    assert result.exit_code == 0, result.output
    assert "E404" not in result.output


def test_play_stops_a_game_that_never_ends(ostraka, tmp_path):
    project = project_with(tmp_path, never_ends)
    result = ostraka("play", "race", "--players", "2", "--seed", "5", cwd=project)
    assert result.exit_code == 1, result.output
    assert flow_position(project) in result.output and "seed 5" in result.output
    assert "Traceback" not in result.output and "E901" not in result.output


def test_the_decision_bound_stops_a_game_whose_rounds_are_bounded(ostraka, tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DECISIONS", 300)  # the real bound is far above any game: kept small here
    project = project_with(tmp_path, nested)
    result = ostraka("play", "race", "--players", "2", cwd=project)
    assert result.exit_code == 1, result.output
    assert flow_position(project) in result.output and "300 decisions" in result.output
    result = ostraka("check", cwd=project)
    assert flow_position(project) in result.output and "300 decisions" in result.output


def test_the_bound_on_all_rounds_stops_a_loop_without_decisions(ostraka, tmp_path):
    project = project_with(tmp_path, silent_loop)
    result = ostraka("check", cwd=project)
    assert result.exit_code == 1, result.output
    assert flow_position(project) in result.output and f"{limits.MAX_GAME_ROUNDS:,} rounds in all" in result.output


def test_simulate_stops_a_game_that_never_ends_and_leaves_nothing(ostraka, tmp_path):
    project = project_with(tmp_path, never_ends)
    result = ostraka("simulate", "race", "--players", "2", "--games", "2", "--out", "run", cwd=project)
    assert result.exit_code == 1, result.output
    assert flow_position(project) in result.output
    assert sorted(p.name for p in project.iterdir()) == [".ostraka", "cards"] or not (project / "run").exists()
    assert not [p for p in project.iterdir() if ".stage-" in p.name]


def test_a_deal_of_a_billion_copies_is_refused_located(ostraka, tmp_path):
    project = project_with(tmp_path, huge_deal)
    result = ostraka("check", cwd=project)
    assert result.exit_code == 1, result.output
    assert flow_position(project) in result.output and re.search(r"a deal of [\d,]+ copies", result.output)
    result = ostraka("play", "race", "--players", "2", cwd=project)
    assert result.exit_code == 1 and flow_position(project) in result.output, result.output


def test_the_real_games_end_well_within_the_bounds(real_games):
    from compiler.pipeline.check.flowgame import play_once

    for game in real_games:
        if game.game.flow is None:
            continue
        state = play_once(game, game.game.players.min)
        assert state.is_terminal() and state.decisions < limits.MAX_DECISIONS / 10, game.id
