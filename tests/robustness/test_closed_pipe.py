"""A reader that goes away (`ostraka cards GAME | head -1`) ends the command quietly: no E706 that
blames the disk, no traceback, exit 0 (as a command whose output fitted in the pipe)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from repo_paths import REPO

OSTRAKA = [sys.executable, "-m", "compiler"]


def _head(args: list[str], cwd: Path) -> tuple[int, str, bytes]:
    """Run ostraka ARGS with its output read by `head -c 1`: the pipe closes at the first byte."""
    proc = subprocess.Popen([*OSTRAKA, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.read(1)
    proc.stdout.close()  # the reader goes away with most of the output unread
    err = proc.stderr.read().decode()
    return proc.wait(timeout=300), err, first


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "seven_wonders"],
        ["deck", "seven_wonders", "--players", "7", "--age", "1"],
        ["explain", "seven_wonders:altar"],
        ["sheet", "seven_wonders"],
        ["play", "seven_wonders", "--players", "3"],
    ],
    ids=["cards", "deck", "explain", "sheet", "play"],
)
def test_a_closed_pipe_ends_the_command_quietly(args):
    code, err, first = _head(args, REPO)
    assert first, err
    assert err == "", err
    assert code == 0


def test_simulate_into_a_closed_pipe_ends_quietly(tmp_path):
    out = tmp_path / "run"
    code, err, _first = _head(["simulate", "seven_wonders", "--players", "3", "--games", "2", "--out", str(out)], REPO)
    assert err == "" and code == 0, err
    assert (out / "results.duckdb").is_file()
