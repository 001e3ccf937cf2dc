"""Helpers for the robustness tests (fuzz, bombs, atomic builds, hostile input).

The tests work on copies of the real cards/ in a tmp project (checked once per session: broken data
fails the test that needs it, naming the files), or on the small fixture game where only the
mechanics matter (atomic builds).
"""

from __future__ import annotations

import functools
import shutil
from pathlib import Path

import pytest

from compiler.core.diagnostics import Severity
from compiler.pipeline.check.checks import check_all
from compiler.pipeline.project import GAME_FILE, load

from repo_paths import REPO, TESTS


def errors_of(project: Path) -> dict[str, list]:
    run = load([], project)
    check_all(run)
    found: dict[str, list] = {}
    for d in run.report.items:
        if d.level is Severity.ERROR:
            found.setdefault(d.file, []).append(d)
    return found


@functools.cache
def _repo_errors() -> tuple[str, ...]:
    """Every error of the repository's cards/, found once per test session."""
    return tuple(f"{d.file}:{d.line}:{d.column}: {d.code} {d.message}" for ds in errors_of(REPO).values() for d in ds)


def clean_project(tmp_path: Path, name: str = "project", games: tuple[str, ...] | None = None) -> Path:
    """A copy of the repo's cards/ (or of the named games) in a fresh project directory.

    The real data must check cleanly: a test that meets broken card data fails and names the files,
    instead of pruning them away and testing less than it claims.
    """
    errors = _repo_errors()
    if errors:
        pytest.fail("cards/ has errors; fix them first:\n" + "\n".join(errors[:20]))
    project = tmp_path / name
    for game in games or sorted(d.name for d in (REPO / "cards").iterdir() if (d / GAME_FILE).is_file()):
        shutil.copytree(REPO / "cards" / game, project / "cards" / game)
    return project


def mini_project(tmp_path: Path, name: str = "project") -> Path:
    """A project holding only the small fixture game (tests/fixtures/mini): quick to build."""
    project = tmp_path / name
    shutil.copytree(TESTS / "fixtures" / "mini", project / "cards" / "mini")
    return project


def card_file_with_text(project: Path) -> Path:
    """A card file with a top-level `text:` line (to change the output without breaking it)."""
    for path in sorted((project / "cards").rglob("*.yaml")):
        if path.name != GAME_FILE and any(
            line.startswith("text:") for line in path.read_text(encoding="utf-8").splitlines()
        ):
            return path
    pytest.fail(f"no card file under {project}/cards has a top-level text: line to change")
