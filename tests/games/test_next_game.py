"""The next game as data (issue #30, part B): a dice city-builder and a deck-builder, written in the
language alone (tests/fixtures/dice_city, tests/fixtures/coin_hall), check strictly and play whole
games alike on both engines; dice and shuffles are chance nodes, a roll is told in the log and a
shuffle is not, a move can be made with no card, a player can take another turn, and a deck drawn
empty is refilled from its discard pile, shuffled."""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from compiler.pipeline.project import load
from compiler.runtime.flow import GameState

from repo_paths import TESTS

FIXTURES = TESTS / "fixtures"
GAMES = ("dice_city", "coin_hall")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("next_game")
    for name in GAMES:
        shutil.copytree(FIXTURES / name, root / "cards" / name)
    return root


def _game(project: Path, name: str):
    (found,) = [g for g in load([project / "cards" / name], project).games]
    return found


@pytest.mark.parametrize("name", GAMES)
def test_each_game_checks_strictly(ostraka, project, name):
    result = ostraka("check", f"cards/{name}", "--strict", "--no-cache", cwd=project)
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output


@pytest.mark.parametrize("name", GAMES)
def test_whole_games_are_the_same_on_both_engines(ostraka, project, tmp_path, name):
    found = []
    for engine in ("interpreter", "handlers"):
        args = ["--players", "3", "--games", "6", "--seed", "4", "--engine", engine, "--format", "json"]
        result = ostraka("simulate", name, *args, "--out", str(tmp_path / engine), cwd=project)
        assert result.exit_code == 0, result.output
        summary = json.loads(result.output)
        assert summary["games"] == 6
        found.append((summary["wins_by_seat"], summary["cards"], summary["length"]))
    assert found[0] == found[1]


def _play(game, players: int, seed: int) -> tuple[GameState, list[tuple[str, object]]]:
    """A seeded game played to its end by random choices; each node met: ('chance', its node) or
    ('move', (seat, label))."""
    state = GameState(game, players, seed)
    rng = random.Random(seed)
    met: list[tuple[str, object]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            met.append(("chance", state.node))
            state.apply_action(state.sample_chance())
            continue
        action = rng.choice(state.legal_actions())
        met.append(("move", (state.current_player(), state.action_to_string(state.current_player(), action))))
        state.apply_action(action)
    return state, met


def test_a_die_is_a_chance_node_of_six_equal_faces_and_a_six_gives_another_turn(project):
    game = _game(project, "dice_city")
    _state, met = _play(game, 2, 3)
    rolls = [node for kind, node in met if kind == "chance" and node.about.endswith("rolls a die")]
    assert rolls and all(node.weights == [1] * 6 and node.told for node in rolls)
    assert [node.labels[0] for node in rolls[:1]] == [rolls[0].about + ": 1"]
    # a turn is a roll then one move by the roller: after a six the same player rolls again
    seats = [who for kind, (who, _label) in ((k, n) for k, n in met if k == "move")]  # type: ignore[misc]
    assert len(seats) > 15
    repeated = sum(1 for a, b in zip(seats, seats[1:]) if a == b)
    assert repeated > 0, "somebody rolled a six in twenty rounds and took another turn"


def test_a_move_with_no_card_is_offered_once(project):
    game = _game(project, "dice_city")
    state = GameState(game, 2, 1)
    while state.is_chance_node() or state.node.kind != "menu":
        state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    labels = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert labels.count("pass") == 1 and any(label.startswith("buy ") for label in labels)


def test_a_deck_drawn_empty_is_refilled_from_its_discard_pile_shuffled_by_chance(project):
    game = _game(project, "coin_hall")
    state, met = _play(game, 2, 5)
    shuffles = [node for kind, node in met if kind == "chance" and node.about.startswith("shuffle deck")]
    assert len(shuffles) > 20  # the set-up's shuffle, then every refill
    assert not any(node.told for node in shuffles)  # which card lies where is nobody's to be told
    for player in state.state.players:  # every card a player got is still theirs, wherever it lies
        owned = Counter(c for zone in ("deck", "hand", "discard", "play") for c in player.zones.get(zone, []))
        assert owned["copper"] >= 7 and owned["estate"] >= 3


def test_the_log_tells_a_roll_and_keeps_a_shuffle_to_itself(ostraka, project):
    dice = ostraka("play", "dice_city", "--players", "2", "--seed", "2", cwd=project)
    assert dice.exit_code == 0 and "p1 rolls a die: " in dice.output, dice.output
    deck = ostraka("play", "coin_hall", "--players", "2", "--seed", "2", cwd=project)
    assert deck.exit_code == 0 and "shuffle deck" not in deck.output, deck.output


def test_an_example_scripts_chance(ostraka, project, tmp_path):
    """Moat's example refills its deck with `answers: {chance: [silver]}`: the silver is drawn and the
    estate stays; another answer fails it."""
    actions = project / "cards" / "coin_hall" / "cards" / "actions.yaml"
    text = actions.read_text()
    try:
        actions.write_text(text.replace("answers: {chance: [silver]}", "answers: {chance: [estate]}"))
        result = ostraka("check", "cards/coin_hall", "--no-cache", cwd=project)
        assert result.exit_code == 1 and "E401" in result.output and "moat" in result.output, result.output
    finally:
        actions.write_text(text)


def test_a_refill_across_the_table_is_refused_at_its_place(ostraka, project, tmp_path):
    root = tmp_path / "bad"
    shutil.copytree(project / "cards" / "coin_hall", root / "cards" / "coin_hall")
    game_yaml = root / "cards" / "coin_hall" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("refill: discard", "refill: supply"))
    result = ostraka("check", "cards/coin_hall", "--no-cache", cwd=root)
    line = next(i for i, t in enumerate(game_yaml.read_text().splitlines(), 1) if "refill: supply" in t)
    assert result.exit_code == 1 and f"game.yaml:{line}:" in result.output and "E205" in result.output, result.output
