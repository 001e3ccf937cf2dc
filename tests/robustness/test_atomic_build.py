"""`ostraka build` replaces its output directory atomically: kills and concurrent builds lose nothing.

Every test builds the small fixture game in a tmp project with `--out`, never the repo's generated/: the
mechanics are the same for any card set, and a small one keeps the dozens of builds here quick.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from compiler.pipeline.emit import atomic

from repo_paths import REPO
from robust_support import card_file_with_text, mini_project

OSTRAKA = [sys.executable, "-m", "compiler"]


def make_project(tmp_path: Path) -> Path:
    return mini_project(tmp_path)


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def build(project: Path, out: Path, *extra: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [*OSTRAKA, "build", "--out", str(out), *extra],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=300,
    )
    if check:
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def change_data(project: Path, marker: str) -> None:
    """Change the output without changing validity: append to a card's text."""
    path = card_file_with_text(project)
    text = path.read_text(encoding="utf-8")
    assert "\ntext:" in text or text.startswith("text:"), f"{path} has no top-level text: to change"
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith("text:"):
            value = line[len("text:") :].strip()
            if value in ("|", ">", "|-", ">-", ""):
                lines.insert(i + 1, f"  {marker}\n")
            else:
                lines[i] = f"text: {marker}\n"
            break
    path.write_text("".join(lines), encoding="utf-8")


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


def test_build_writes_output_and_leaves_no_temporaries(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    build(project, out)
    first = snapshot(out)
    assert first and all("/" in rel for rel in first if rel != atomic.STAMP_NAME)  # <game>/<file>, the stamp
    assert leftovers(out) == []
    build(project, out)
    assert snapshot(out) == first, "the same input must give byte-identical output"
    assert leftovers(out) == []


# A child that runs the real build but dies by SIGKILL at a chosen point of the swap.
KILLER = textwrap.dedent(
    """
    import os, signal, sys
    from compiler.pipeline.emit import atomic
    point = sys.argv[1]
    die = lambda: os.kill(os.getpid(), signal.SIGKILL)
    if point == "writing":
        real_open = open
        count = [0]
        def dying_open(path, mode="r", *a, **k):
            if "x" in mode and ".new-" in str(path):
                count[0] += 1
                if count[0] == 1:
                    handle = real_open(path, mode, *a, **k)
                    handle.write(b'{"half": ')  # a half-written file
                    handle.flush()
                    die()
            return real_open(path, mode, *a, **k)
        atomic.open = dying_open
    elif point == "before-swap":
        real = atomic._repair_and_clean
        def then_die(*a):
            real(*a)
            die()
        atomic._repair_and_clean = then_die
    elif point == "after-swap":
        real = atomic._fsync_dir
        def then_die(*a):
            real(*a)
            die()
        atomic._fsync_dir = then_die
    elif point == "fallback-between-renames":
        atomic._exchange = lambda a, b: False
        real_rename = os.rename
        def rename(src, dst):
            real_rename(src, dst)
            if ".old-" in str(dst):
                die()
        atomic.os.rename = rename
    from compiler.cli.main import main
    sys.argv = ["ostraka", "build", "--out", sys.argv[2]]
    main()
    """
)


@pytest.mark.parametrize("point", ["writing", "before-swap", "after-swap", "fallback-between-renames"])
def test_killed_build_leaves_a_whole_output(tmp_path, point):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    build(project, out)
    before = snapshot(out)
    change_data(project, "A changed text, so a new build differs from the old one.")
    proc = subprocess.run(
        [sys.executable, "-c", KILLER, point, str(out)],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=300,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stdout + proc.stderr
    after_kill = snapshot(out) if out.is_dir() else None
    if point == "fallback-between-renames":
        # The only window the fallback has: the target is missing until the next build repairs it.
        assert after_kill is None
    elif point == "after-swap":
        reference = tmp_path / "reference"
        build(project, reference)
        assert after_kill == snapshot(reference) != before  # the new output, whole
    else:
        assert after_kill == before
    assert leftovers(out), "the killed build should have left its temporary directory"
    build(project, out)
    rebuilt = snapshot(out)
    assert rebuilt != before
    if point == "after-swap":
        assert rebuilt == after_kill
    assert leftovers(out) == [], "the next build removes what the killed one left"


def test_fallback_repair_restores_the_previous_output(tmp_path):
    """A target lost between the fallback's two renames comes back whole before anything else."""
    project = make_project(tmp_path)
    out = tmp_path / "out"
    build(project, out)
    before = snapshot(out)
    change_data(project, "Another changed text.")
    proc = subprocess.run(
        [sys.executable, "-c", KILLER, "fallback-between-renames", str(out)],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=300,
    )
    assert proc.returncode == -signal.SIGKILL
    assert not out.exists()
    atomic._repair_and_clean(out.parent, out)
    assert snapshot(out) == before
    assert leftovers(out) == []


def test_builds_killed_at_random_moments_never_leave_a_partial_output(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    build(project, out)
    old = snapshot(out)
    change_data(project, "Text for the random-kill test.")
    new = None
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for i in range(8):
        proc = subprocess.Popen(
            [*OSTRAKA, "build", "--out", str(out)],
            cwd=project,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # Kill at a different moment each time (the pipeline and the write both take a while).
        try:
            proc.wait(timeout=0.15 * (i + 1))
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        current = snapshot(out)
        if current != old:
            new = new or current
            assert current == new, "the output is neither the old build nor the new one"
    build(project, out)
    assert snapshot(out) != old
    assert leftovers(out) == []


def test_concurrent_builds_all_finish_with_one_consistent_output(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    build(project, out)
    change_data(project, "Text for the concurrency test.")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    # The expected new output, built alone elsewhere.
    reference = tmp_path / "reference"
    build(project, reference)
    expected = snapshot(reference)

    missing: list[str] = []
    stop = threading.Event()

    def watch() -> None:
        names = sorted(expected)
        while not stop.is_set():
            for rel in names:
                if not (out / rel).is_file():
                    missing.append(rel)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        procs = [
            subprocess.Popen(
                [*OSTRAKA, "build", "--out", str(out)],
                cwd=project,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for _ in range(4)
        ]
        results = [(p.wait(timeout=300), p.stdout.read()) for p in procs]
    finally:
        stop.set()
        watcher.join()
    for code, output in results:
        assert code == 0, output
    assert snapshot(out) == expected
    assert leftovers(out) == []
    assert missing == [], f"readers saw output files missing during the swap: {sorted(set(missing))}"


def test_write_refuses_paths_outside_the_output(tmp_path):
    with pytest.raises(ValueError):
        atomic.replace_dir(tmp_path / "out", {"../escape.json": "{}\n"})
    assert not (tmp_path / "escape.json").exists()
    assert not (tmp_path / "out").exists()
    assert leftovers(tmp_path / "out") == []


def test_replace_dir_swaps_and_keeps_exactly_the_new_files(tmp_path):
    out = tmp_path / "out"
    atomic.replace_dir(out, {"a/one.json": "1\n", "b/two.json": "2\n"})
    atomic.replace_dir(out, {"a/one.json": "3\n"})
    assert snapshot(out) == {"a/one.json": b"3\n", atomic.STAMP_NAME: atomic.STAMP_TEXT.encode()}
    assert oct(out.stat().st_mode & 0o777) == "0o755"
