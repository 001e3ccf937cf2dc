"""Helpers for the robustness tests (fuzz, bombs, atomic builds, hostile input).

The real cards/ change while people work on them, so the tests copy them into a tmp project and
prune whatever does not check cleanly today, leaving a valid project made of real data.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.checks import check_all
from compiler.diagnostics import Severity
from compiler.project import GAME_FILE, load

REPO = Path(__file__).resolve().parents[1]


def errors_of(project: Path) -> dict[str, list]:
    run = load([], project)
    check_all(run)
    found: dict[str, list] = {}
    for d in run.report.items:
        if d.level is Severity.ERROR:
            found.setdefault(d.file, []).append(d)
    return found


def clean_project(tmp_path: Path, name: str = "project") -> Path:
    """A copy of the repo's cards/ with every file (or game) that has errors removed."""
    project = tmp_path / name
    shutil.copytree(REPO / "cards", project / "cards")
    for _ in range(20):
        errors = errors_of(project)
        if not errors:
            break
        for file in errors:
            path = project / file if file else None
            if path is None or not path.exists():
                continue
            if path.name == GAME_FILE:
                shutil.rmtree(path.parent)
            elif path.is_file():
                path.unlink()
    else:  # pragma: no cover
        pytest.skip("cards/ could not be pruned to a clean project")
    games = [g for g in (project / "cards").iterdir() if (g / GAME_FILE).is_file()]
    if not games:  # pragma: no cover
        pytest.skip("no game in cards/ checks cleanly today")
    return project


def card_file_with_text(project: Path) -> Path:
    """A card file with a top-level `text:` line (to change the output without breaking it)."""
    for path in sorted((project / "cards").rglob("*.yaml")):
        if path.name != GAME_FILE and any(line.startswith("text:") for line in path.read_text(encoding="utf-8").splitlines()):
            return path
    pytest.skip("no card file with a top-level text: line")
