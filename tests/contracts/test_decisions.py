"""The built-in player names are spelled once: in compiler/decide/players.py. The runtime, the code
generator and the rest of the decisions layer use its plans and constants (read with ast: cheap)."""

from __future__ import annotations

import ast
from pathlib import Path

from compiler.decide.players import BUILTIN, OPPONENTS, SELF, plan

from repo_paths import REPO

PACKAGE = REPO / "compiler"
# the layers that turn names into decisions and evaluate them; lang/ and outputs/ render words
CHECKED = ("decide", "runtime", "codegen")


def _spelled(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(n.lineno, n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in BUILTIN]


def test_builtin_player_names_are_spelled_once() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {name!r}"
        for folder in CHECKED
        for path in sorted((PACKAGE / folder).rglob("*.py"))
        if path != PACKAGE / "decide" / "players.py"
        for line, name in _spelled(path)
    ]
    assert not found, "built-in player names spelled outside decide/players.py:\n" + "\n".join(found)
    assert _spelled(PACKAGE / "decide" / "players.py"), "the names must be found where they are spelled"


def test_a_player_set_is_planned_as_seat_offsets() -> None:
    relations = {"left": 1, "right": -1, "neighbours": ["left", "right"]}
    assert plan(relations, ["self", "neighbours"]) == (SELF[0], ("offset", 1), ("offset", -1))
    assert plan(relations, "others") == OPPONENTS
    assert plan(relations, "p3") == (("player", "p3"),)
    assert plan(relations, "nobody") == (("ref", "nobody"),)
