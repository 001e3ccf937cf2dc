"""The committed generated handlers type-check (mypy), importing only the runtime they call."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from repo_paths import REPO

HANDLERS = sorted((REPO / "generated").glob("*/handlers.py"))


def _mypy(path: Path, cache: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--follow-imports=silent",
            "--ignore-missing-imports",
            "--no-error-summary",
            "--cache-dir",
            str(cache),
            str(path),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """One mypy cache for every run here: the runtime the handlers import is analysed once, not per file."""
    return tmp_path_factory.mktemp("mypy") / "cache"


def test_every_game_has_handlers():
    assert {p.parent.name for p in HANDLERS} == {p.parent.name for p in (REPO / "cards").glob("*/game.yaml")}


@pytest.mark.parametrize("path", HANDLERS, ids=lambda p: p.parent.name)
def test_generated_handlers_type_check(path, cache):
    result = _mypy(path, cache)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_type_check_can_fail(tmp_path, cache):
    broken = tmp_path / "handlers.py"
    broken.write_text(
        HANDLERS[0].read_text(encoding="utf-8") + "\n\ndef _wrong(ctx: Context) -> int:\n    return ctx.actor.id\n",
        encoding="utf-8",
    )
    result = _mypy(broken, cache)
    assert result.returncode == 1 and "Incompatible return value type" in result.stdout
