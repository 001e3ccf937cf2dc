"""W502: a skeleton fails `check --strict` until filled in; `ostraka new` speaks the game's nouns."""

from __future__ import annotations

import re
import shutil

import pytest
from ruamel.yaml import YAML

from repo_paths import REPO, TESTS

FIXTURES = TESTS / "fixtures"


def test_the_fixture_warns_and_fails_only_under_strict(ostraka, mini_game, monkeypatch):
    monkeypatch.setenv("OSTRAKA_NO_CACHE", "1")
    fixture = FIXTURES / "text" / "W502_placeholder.yaml"
    code, line, column = re.match(r"# expect: (\w+) (\d+):(\d+)", fixture.read_text()).groups()
    shutil.copy(fixture, mini_game / fixture.name)
    root = mini_game.parent.parent
    plain = ostraka("check", "--format", "json", "mini", cwd=root)
    assert plain.exit_code == 0, plain.output
    found = [
        (d["code"], d["line"], d["column"])
        for d in plain.json()["diagnostics"]
        if d["file"] == f"cards/mini/{fixture.name}"
    ]
    assert (code, int(line), int(column)) in found, found
    expect_line = fixture.read_text().splitlines().index("    expect: {}") + 1
    assert ("W502", expect_line, 13) in found, found  # the example that expects nothing
    strict = ostraka("check", "--strict", "mini", cwd=root)
    assert strict.exit_code == 1 and "error W502: example 'gains two coins' expects nothing" in strict.output


def _nouns(game: dict) -> set[str]:
    return {*game.get("resources", {}), *game.get("counters", {}), *game.get("tracks", {}), *game.get("globals", {})}


@pytest.mark.parametrize("game_dir", sorted(p.parent.name for p in (REPO / "cards").glob("*/game.yaml")))
def test_new_skeletons_use_the_games_nouns_and_fail_strict_until_filled(ostraka, tmp_path, monkeypatch, game_dir):
    monkeypatch.setenv("OSTRAKA_NO_CACHE", "1")
    shutil.copytree(REPO / "cards" / game_dir, tmp_path / "cards" / game_dir)
    game = YAML(typ="safe", pure=True).load((tmp_path / "cards" / game_dir / "game.yaml").read_text())
    nouns = _nouns(game)
    for kind in game["kinds"]:
        card_id = f"skeleton_{kind}"[:60]
        result = ostraka("new", game_dir, kind, card_id, cwd=tmp_path)
        assert result.exit_code == 0, result.output
        path = tmp_path / re.search(r"wrote (\S+)", result.output).group(1)
        text = path.read_text()
        # Every '{name: number}' the skeleton suggests names a noun of this game.
        suggested = set(re.findall(r"[{,] ?([a-z_]+): \d", text)) - {"p1"}
        assert suggested and suggested <= nouns, (kind, suggested - nouns)
        strict = ostraka("check", "--strict", "--format", "json", game_dir, cwd=tmp_path)
        own = [d for d in strict.json()["diagnostics"] if d["file"] == path.relative_to(tmp_path).as_posix()]
        assert strict.exit_code == 1 and {"W502"} <= {d["code"] for d in own}, own
        path.unlink()
