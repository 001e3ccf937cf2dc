"""SIGTERM to `simulate --jobs 2`, and Ctrl-C to its whole process group: real signals to a real
process. The workers stop quietly (no traceback), the staging folder is removed, one line is
printed, and the exit is 128 + the signal (143, 130)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from repo_paths import REPO


def _staging(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if ".stage-" in p.name]


def _gone(pgid: int, within: float = 60.0) -> bool:
    """Whether every process of the group has ended (the workers too)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize(
    "how, code", [("SIGTERM", 143), ("SIGINT", 130)], ids=["sigterm-to-the-parent", "ctrl-c-to-the-group"]
)
def test_simulate_stops_cleanly_on_a_signal(tmp_path, how, code):
    out = tmp_path / "run"
    proc = subprocess.Popen(
        [sys.executable, "-m", "compiler", "simulate", "seven_wonders", "--players", "3", "--games", "5000"]
        + ["--jobs", "2", "--out", str(out)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, as a shell job is
    )
    try:
        deadline = time.monotonic() + 120
        while not _staging(tmp_path) and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert _staging(tmp_path), "the run never started"
        time.sleep(1.5)  # the workers are playing
        if how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGINT)  # what the terminal sends on Ctrl-C
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    err = stderr.decode()
    assert proc.returncode == code, err
    assert err.strip().splitlines() == [err.strip()] and "stopped by" in err, err
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert _gone(proc.pid), "a worker outlived its parent"
    assert _staging(tmp_path) == [] and not out.exists()
    assert stdout == b""


def test_the_next_run_removes_the_staging_folder_a_killed_run_left(tmp_path):
    """SIGKILL cannot be caught: what it leaves is removed by the next run into the same --out."""
    out = tmp_path / "run"
    proc = subprocess.Popen(
        [sys.executable, "-m", "compiler", "simulate", "seven_wonders", "--players", "3", "--games", "5000"]
        + ["--out", str(out)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while not _staging(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)
    assert _staging(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "compiler", "simulate", "seven_wonders", "--players", "3", "--games", "2"]
        + ["--out", str(out)],
        cwd=REPO,
        capture_output=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert _staging(tmp_path) == [] and (out / "results.duckdb").is_file()
