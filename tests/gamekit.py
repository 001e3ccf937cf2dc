"""What the per-game data tests (tests/games/test_attika.py, tests/games/test_peloponnes.py) share: `ostraka`
run in-process from a directory, a game loaded clean, its entity records, a one-off example run,
and the check of a game's whole card set."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from compiler.cli.main import cli
from compiler.model.compiled import CompiledGame
from compiler.model.game import Example
from compiler.pipeline.check.examples import run_example
from compiler.pipeline.project import load

from repo_paths import REPO

ROOT = REPO


def invoke(*args: str, cwd: Path = ROOT) -> Result:
    """`ostraka ARGS` in-process, from `cwd`."""
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(cli, list(args), catch_exceptions=False)
    finally:
        os.chdir(old)


def load_clean(game_id: str) -> CompiledGame:
    """The game compiled, failing on any error the load reports."""
    run = load([ROOT / "cards" / game_id], ROOT)
    errors = [str(d) for d in run.report.items if d.code.startswith("E")]
    assert not errors, errors
    (compiled,) = run.games
    return compiled


def records(game_id: str) -> list[dict[str, Any]]:
    """Every entity of the game as `ostraka cards GAME --format json` lists it."""
    result = invoke("cards", game_id, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def run(game: CompiledGame, given, when, expect, answers=None):
    """One example, written inline, run on the interpreter."""
    return run_example(game, Example(name="t", given=given, when=when, expect=expect, answers=answers or {}))


def assert_clean_check(game_id: str, at_least: int) -> None:
    """`ostraka check cards/GAME` finds nothing and passes at least `at_least` examples."""
    result = invoke("check", f"cards/{game_id}")
    assert result.exit_code == 0, result.output
    summary = result.output.strip().splitlines()[-1]
    assert " 0 errors, 0 warnings" in summary and "examples failed" not in summary, summary
    passed = re.search(r"(\d+) examples passed", summary)
    assert passed and int(passed.group(1)) >= at_least, summary
