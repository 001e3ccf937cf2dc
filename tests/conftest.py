"""Shared helpers: run the CLI in-process, copy fixture games into temporary directories."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli

from browser import chromium  # noqa: F401  (a session fixture for every test that looks at a page)
from repo_paths import REPO, TESTS

FIXTURES = TESTS / "fixtures"


class Result:
    def __init__(self, exit_code: int, output: str) -> None:
        self.exit_code = exit_code
        self.output = output

    def json(self) -> dict:
        return json.loads(self.output)


@pytest.fixture
def ostraka(monkeypatch):
    """Run `ostraka ARGS` in-process from a directory (default: the repository)."""

    def run(*args: str, cwd: Path | None = None) -> Result:
        monkeypatch.chdir(cwd or REPO)
        result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
        return Result(result.exit_code, result.output)

    return run


@pytest.fixture
def mini_game(tmp_path) -> Path:
    """A copy of the minimal fixture game in cards/mini under a fresh project directory."""
    target = tmp_path / "cards" / "mini"
    shutil.copytree(FIXTURES / "mini", target)
    return target


@pytest.fixture(scope="session")
def real_games():
    """The repository's games, loaded once per session: read them, never change them."""
    from compiler.pipeline.project import load

    return load([], REPO).games
