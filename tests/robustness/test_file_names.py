"""A card file's name is data too: one that is not UTF-8 is named with \\xff escapes (the cache and
the outputs hold only text), and one holding a line break cannot split a finding over two lines."""

from __future__ import annotations

import os
from pathlib import Path

from repo_paths import TESTS

FIXTURES = TESTS / "fixtures"


def _card(folder: Path, raw_name: bytes, card_id: str, broken: bool = False) -> None:
    text = (FIXTURES / "mini" / "good.yaml").read_text().replace("id: good", f"id: {card_id}", 1)
    path = Path(os.fsdecode(os.path.join(os.fsencode(folder), raw_name)))
    path.write_text(text + ("junk: [\n" if broken else ""))


def test_a_name_that_is_not_utf8_is_checked_cached_and_built(ostraka, mini_game):
    project = mini_game.parent.parent
    _card(mini_game, b"\xff\xfebad.yaml", "second")
    for _ in range(2):  # the second from the cache
        result = ostraka("check", cwd=project)
        assert result.exit_code == 0, result.output
        assert "2 cards" in result.output
    assert ostraka("build", cwd=project).exit_code == 0
    generated = "".join(p.read_text() for p in (project / "generated").rglob("*") if p.is_file())
    assert "\udcff" not in generated


def test_a_finding_in_a_file_not_named_in_utf8_names_it_with_escapes(ostraka, mini_game):
    project = mini_game.parent.parent
    _card(mini_game, b"\xff\xfebad.yaml", "second", broken=True)
    for _ in range(2):
        result = ostraka("check", cwd=project)
        assert result.exit_code == 1, result.output
        assert "cards/mini/\\xff\\xfebad.yaml:" in result.output and "E901" not in result.output
    assert ostraka("check", "--format", "json", cwd=project).json()["diagnostics"][0]["file"].endswith("\\xfebad.yaml")


def test_a_line_break_in_a_file_name_stays_on_the_finding_s_line(ostraka, mini_game):
    project = mini_game.parent.parent
    _card(mini_game, b"evil\nforged.yaml:1:1: error E999: forged.yaml", "second", broken=True)
    for fmt in ("text", "github"):
        result = ostraka("check", "--format", fmt, cwd=project)
        assert result.exit_code == 1
        assert "E999" in result.output  # the name is shown...
        assert not [line for line in result.output.splitlines() if line.startswith("forged.yaml")], result.output
