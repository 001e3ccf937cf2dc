"""One way to name things across commands: a game by id or path, a card by id or game:id."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from repo_paths import TESTS

FIXTURES = TESTS / "fixtures"


@pytest.fixture
def two_games(tmp_path, monkeypatch) -> Path:
    """cards/first (id mini) and cards/second (id other), both with a card 'good'."""
    monkeypatch.setenv("OSTRAKA_NO_CACHE", "1")
    shutil.copytree(FIXTURES / "mini", tmp_path / "cards" / "first")
    shutil.copytree(FIXTURES / "mini", tmp_path / "cards" / "second")
    game = tmp_path / "cards" / "second" / "game.yaml"
    game.write_text(game.read_text().replace("id: mini", "id: other").replace("name: Mini", "name: Other"))
    return tmp_path


def test_a_card_id_of_two_games_is_refused_with_the_qualified_choices(ostraka, two_games):
    result = ostraka("explain", "good", cwd=two_games)
    assert result.exit_code == 2
    assert "error E307: 'good' is a card of 2 games" in result.output
    assert "say which: mini:good or other:good" in result.output
    for ref, name in (("mini:good", "of Mini"), ("other:good", "of Other")):
        qualified = ostraka("explain", ref, cwd=two_games)
        assert qualified.exit_code == 0 and name in qualified.output.splitlines()[0], qualified.output
    by_option = ostraka("explain", "--game", "second", "good", cwd=two_games)  # the directory's name works too
    assert by_option.exit_code == 0 and "of Other" in by_option.output


def test_explain_on_a_card_whose_file_is_broken_says_so(ostraka, two_games):
    card = two_games / "cards" / "first" / "good.yaml"
    card.write_text(card.read_text().replace("gain:", "gian:"))
    result = ostraka("explain", "mini:good", cwd=two_games)
    assert result.exit_code == 2
    assert "card 'good' of mini did not load: cards/first/good.yaml has errors" in result.output
    assert "did you mean" not in result.output
    assert (
        ostraka("explain", "mini:goood", cwd=two_games).output.count("did you mean") == 0
    )  # nothing near but the broken one


def test_every_command_takes_a_game_id_or_its_directory(ostraka, two_games):
    for game in ("other", "second", "cards/second", str(two_games / "cards" / "second")):
        checked = ostraka("check", game, cwd=two_games)
        assert checked.exit_code == 0 and "1 card," in checked.output, (game, checked.output)
        listed = ostraka("cards", game, cwd=two_games)
        assert listed.exit_code == 0 and listed.output.startswith("good"), (game, listed.output)
        sheet = ostraka("sheet", game, cwd=two_games)
        assert sheet.exit_code == 0 and "Other" in sheet.output
    both = ostraka("check", "mini", "other", cwd=two_games)
    assert both.exit_code == 0 and "2 cards," in both.output


def test_an_unknown_game_is_refused_with_a_hint_by_every_command(ostraka, two_games):
    for args in (
        ("check", "othr"),
        ("cards", "othr"),
        ("sheet", "othr"),
        ("new", "othr", "card", "x"),
        ("explain", "othr:good"),
    ):
        result = ostraka(*args, cwd=two_games)
        assert result.exit_code == 2, (args, result.output)
        assert "error E306: no game 'othr'" in result.output and "hint: did you mean 'other'?" in result.output, (
            result.output
        )
        assert "Traceback" not in result.output


def test_a_path_that_does_not_exist_is_still_reported_as_a_path(ostraka, two_games):
    result = ostraka("check", "cards/nowhere/x.yaml", cwd=two_games)
    assert result.exit_code == 1 and "no such file or directory" in result.output
