"""`ostraka build` only ever replaces a directory it made itself, and every failure of the machine is located.

Each test builds the one-card fixture game in a tmp project (fast), never the repo's generated/. The
suite runs as root here, which ignores file modes: where a case needs "cannot write", the test first
checks whether the process really cannot, and otherwise makes the system call fail as it would.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from pathlib import Path

import pytest

from compiler.pipeline.emit import atomic
from compiler.pipeline.emit.atomic import STAMP_NAME, STAMP_TEXT

from repo_paths import REPO


@pytest.fixture
def project(mini_game) -> Path:
    return mini_game.parent.parent


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file under directory but the check cache (.ostraka/), which any run may write."""
    return {
        p.relative_to(directory).as_posix(): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file() and ".ostraka" not in p.parts
    }


def temporaries(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if ".new-" in p.name or ".old-" in p.name)


def can_write_into(directory: Path) -> bool:
    """Whether this process can create a file in directory despite its mode (root can)."""
    probe = directory / ".probe"
    try:
        probe.write_text("x")
    except OSError:
        return False
    probe.unlink()
    return True


def edit(project: Path, name: str) -> None:
    """Change the card's name, so that the next build has something to write."""
    card = project / "cards" / "mini" / "good.yaml"
    card.write_text(re.sub(r"^name: .*$", f"name: {name}", card.read_text(), count=1, flags=re.M))


def refused(result, code: str, where: str) -> None:
    assert result.exit_code == 2, result.output
    assert f"{where}: error {code}:" in result.output, result.output
    assert "hint:" in result.output and "Traceback" not in result.output and "E901" not in result.output


def test_build_stamps_its_output_and_rebuilds_over_it(ostraka, project):
    assert ostraka("build", cwd=project).exit_code == 0
    out = project / "generated"
    assert (out / STAMP_NAME).read_text() == STAMP_TEXT
    first = snapshot(out)
    assert ostraka("build", cwd=project).exit_code == 0
    assert snapshot(out) == first
    assert temporaries(project) == []


def test_the_repository_commits_the_stamp_and_the_drift_check_covers_it(ostraka, project, tmp_path):
    assert (REPO / "generated" / STAMP_NAME).read_text() == STAMP_TEXT
    out = tmp_path / "out"
    assert ostraka("build", "--out", str(out), cwd=project).exit_code == 0
    (out / STAMP_NAME).unlink()
    result = ostraka("build", "--check", "--out", str(out), cwd=project)
    assert result.exit_code == 1 and f"stale: {STAMP_NAME}" in result.output


def test_out_cards_is_refused_and_deletes_nothing(ostraka, project):
    before = snapshot(project)
    refused(ostraka("build", "--out", "cards", cwd=project), "E701", "cards")
    assert snapshot(project) == before
    assert temporaries(project) == [] and temporaries(project / "cards") == []


def test_out_inside_cards_is_refused(ostraka, project):
    refused(ostraka("build", "--out", "cards/out", cwd=project), "E701", "cards/out")
    assert not (project / "cards" / "out").exists()


def test_out_dot_and_out_parent_are_refused(ostraka, project):
    before = snapshot(project)
    refused(ostraka("build", "--out", ".", cwd=project), "E701", ".")
    refused(ostraka("build", "--out", "..", cwd=project), "E701", "..")
    assert snapshot(project) == before  # refused before anything is created, beside the project too


def test_a_directory_that_is_not_a_build_is_refused(ostraka, project, tmp_path):
    other = tmp_path / "photos"
    other.mkdir()
    (other / "holiday.jpg").write_bytes(b"\xff\xd8")
    (other / "album").mkdir()
    refused(ostraka("build", "--out", str(other), cwd=project), "E701", "photos")
    assert snapshot(other) == {"holiday.jpg": b"\xff\xd8"} and (other / "album").is_dir()
    assert temporaries(tmp_path) == []


def test_a_stamp_with_other_content_or_a_linked_stamp_is_not_a_stamp(ostraka, project, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    (out / STAMP_NAME).write_text("something else\n")
    refused(ostraka("build", "--out", str(out), cwd=project), "E701", "out")
    (out / STAMP_NAME).unlink()
    real_stamp = tmp_path / "stamp"
    real_stamp.write_text(STAMP_TEXT)
    (out / STAMP_NAME).symlink_to(real_stamp)
    refused(ostraka("build", "--out", str(out), cwd=project), "E701", "out")
    assert (out / "keep.txt").read_text() == "mine"


def test_an_empty_or_missing_output_is_created(ostraka, project, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert ostraka("build", "--out", str(empty), cwd=project).exit_code == 0
    assert (empty / STAMP_NAME).is_file() and (empty / "mini" / "cards.json").is_file()
    deep = tmp_path / "a" / "b" / "out"
    assert ostraka("build", "--out", str(deep), cwd=project).exit_code == 0
    assert snapshot(deep) == snapshot(empty)


def test_a_device_is_never_touched(ostraka, project, tmp_path):
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError):
        device = Path("/dev/null")  # not root: the device cannot be replaced anyway
    refused(
        ostraka("build", "--out", str(device), cwd=project), "E701", "null" if device.parent == project else str(device)
    )
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert temporaries(device.parent) == []
    refused(ostraka("build", "--out", "/dev/full", cwd=project), "E701", "/dev/full")
    assert stat.S_ISCHR(os.lstat("/dev/full").st_mode)


def test_a_generated_link_is_refused_and_its_target_kept(ostraka, project, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.txt").write_text("keep me")
    (project / "generated").symlink_to(elsewhere, target_is_directory=True)
    refused(ostraka("build", cwd=project), "E701", "generated")
    assert snapshot(elsewhere) == {"precious.txt": b"keep me"}
    assert (project / "generated").is_symlink()
    # Even a link to a directory that holds a real build's stamp is not followed.
    (elsewhere / STAMP_NAME).write_text(STAMP_TEXT)
    refused(ostraka("build", cwd=project), "E701", "generated")
    assert (elsewhere / "precious.txt").read_text() == "keep me"
    assert temporaries(project) == []


def test_a_target_swapped_for_a_link_while_building_is_refused(project, tmp_path, monkeypatch):
    """The check is made again under the lock, just before the exchange."""
    out = tmp_path / "out"
    atomic.replace_dir(out, {"a.txt": "1\n"})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.txt").write_text("keep me")
    real_write = atomic._write_tree

    def write_then_swap(*args):
        real_write(*args)
        atomic._remove_tree(out)
        out.symlink_to(elsewhere)

    monkeypatch.setattr(atomic, "_write_tree", write_then_swap)
    from compiler.core.envfail import Refused

    with pytest.raises(Refused) as info:
        atomic.replace_dir(out, {"a.txt": "2\n"})
    assert info.value.diagnostic.code == "E701"
    assert snapshot(elsewhere) == {"precious.txt": b"keep me"}
    assert temporaries(tmp_path) == []


def _emulate_modes(monkeypatch) -> None:
    """Make unlink/rmdir fail in a directory without write permission, as they do for a non-root user."""
    real_unlink, real_rmdir = os.unlink, os.rmdir

    def writable(path, dir_fd) -> bool:
        mode = (
            os.fstat(dir_fd).st_mode if dir_fd is not None else os.stat(os.path.dirname(os.path.abspath(path))).st_mode
        )
        return bool(mode & stat.S_IWUSR)

    def unlink(path, *, dir_fd=None):
        if not writable(path, dir_fd):
            raise PermissionError(errno.EACCES, "Permission denied", path)
        return real_unlink(path, dir_fd=dir_fd)

    def rmdir(path, *, dir_fd=None):
        if not writable(path, dir_fd):
            raise PermissionError(errno.EACCES, "Permission denied", path)
        return real_rmdir(path, dir_fd=dir_fd)

    monkeypatch.setattr(os, "unlink", unlink)
    monkeypatch.setattr(os, "rmdir", rmdir)


def test_a_read_only_generated_leaves_no_undeletable_temporary(ostraka, project, monkeypatch):
    assert ostraka("build", cwd=project).exit_code == 0
    out = project / "generated"
    for path in [out, *out.rglob("*")]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    if can_write_into(out):
        _emulate_modes(monkeypatch)
    edit(project, "Goods")
    result = ostraka("build", cwd=project)
    assert result.exit_code == 0, result.output
    assert "Goods" in (out / "mini" / "cards.json").read_text()
    assert temporaries(project) == [], "the previous output must be deleted, not left read-only"


def test_an_unwritable_parent_is_a_located_error(ostraka, project, tmp_path, monkeypatch):
    parent = tmp_path / "locked"
    parent.mkdir()
    parent.chmod(0o555)
    if can_write_into(parent):  # root: make the call fail as it would for anyone else

        def mkdtemp(*_a, dir=None, **_k):
            raise PermissionError(errno.EACCES, "Permission denied", os.path.join(dir, ".out.new-x"))

        monkeypatch.setattr(atomic.tempfile, "mkdtemp", mkdtemp)
    result = ostraka("build", "--out", str(parent / "out"), cwd=project)
    assert result.exit_code == 2, result.output
    assert "error E702: cannot write here: Permission denied" in result.output
    assert "\nlocked: error E702" in result.output and "hint: check the permissions of locked" in result.output
    parent.chmod(0o755)
    assert list(parent.iterdir()) == []


@pytest.mark.parametrize("err", [errno.EBUSY, errno.EXDEV])
def test_generated_as_a_mount_point_is_a_located_error(ostraka, project, monkeypatch, err):
    assert ostraka("build", cwd=project).exit_code == 0
    before = snapshot(project / "generated")

    def exchange(a, b):  # what renameat2 answers for a mount point
        raise OSError(err, os.strerror(err), str(b))

    monkeypatch.setattr(atomic, "_exchange", exchange)
    edit(project, "Changed")
    result = ostraka("build", cwd=project)
    assert result.exit_code == 2
    assert "error E703: cannot replace this directory" in result.output and "mount point" in result.output
    assert snapshot(project / "generated") == before
    assert temporaries(project) == []


def test_a_full_disk_is_a_located_error_and_keeps_the_previous_output(ostraka, project, monkeypatch):
    assert ostraka("build", cwd=project).exit_code == 0
    before = snapshot(project / "generated")

    def fsync(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fsync)
    edit(project, "Changed")
    result = ostraka("build", cwd=project)
    monkeypatch.undo()
    assert result.exit_code == 2
    assert "error E705: the disk is full" in result.output
    assert "generated/" in result.output.split("error E705")[0]  # the file it was writing, not a temporary
    assert snapshot(project / "generated") == before
    assert temporaries(project) == []


def test_sheet_into_a_missing_folder_or_a_full_device(ostraka, project):
    refused(ostraka("sheet", "mini", "--out", "nowhere/sheet.html", cwd=project), "E704", "nowhere/sheet.html")
    assert not (project / "nowhere").exists()
    refused(ostraka("sheet", "mini", "--out", "/dev/full", cwd=project), "E701", "/dev/full")  # a device: refused
    assert ostraka("sheet", "mini", "--out", "sheet.html", cwd=project).exit_code == 0


def test_an_older_build_does_not_overwrite_a_newer_one(tmp_path):
    out = tmp_path / "out"
    older = time.time_ns()
    newer = older + 1
    atomic.replace_dir(out, {"a.txt": "new\n"}, started=newer)
    with pytest.raises(atomic.Superseded):
        atomic.replace_dir(out, {"a.txt": "old\n"}, started=older)
    assert (out / "a.txt").read_text() == "new\n"
    assert temporaries(tmp_path) == []
    atomic.replace_dir(out, {"a.txt": "newest\n"}, started=newer + 1)
    assert (out / "a.txt").read_text() == "newest\n"


def test_a_stamp_dated_far_in_the_future_does_not_block_builds(tmp_path):
    out = tmp_path / "out"
    atomic.replace_dir(out, {"a.txt": "1\n"})
    future = time.time_ns() + 3600 * 10**9
    os.utime(out / STAMP_NAME, ns=(future, future))
    atomic.replace_dir(out, {"a.txt": "2\n"})
    assert (out / "a.txt").read_text() == "2\n"


def test_the_cli_gives_up_cleanly_when_a_later_build_already_wrote(ostraka, project):
    assert ostraka("build", cwd=project).exit_code == 0
    out = project / "generated"
    before = snapshot(out)
    later = time.time_ns() + 2 * 10**9  # as if a build started after this one had finished first
    os.utime(out / STAMP_NAME, ns=(later, later))
    edit(project, "Goods")
    result = ostraka("build", cwd=project)
    assert result.exit_code == 0, result.output
    assert "already holds the output of a build started after this one" in result.output
    assert snapshot(out) == before
    assert temporaries(project) == []


def test_other_io_errors_are_located(ostraka, project, monkeypatch):
    def fsync(_fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", fsync)
    edit(project, "Changed")
    result = ostraka("build", cwd=project)
    monkeypatch.undo()
    assert result.exit_code == 2
    assert "error E706: input/output error" in result.output and "hint:" in result.output
    assert temporaries(project) == []


# A build that reads its input, then waits (holding no lock) until told to go on and swap.
PAUSED_BUILD = """
import os, sys, time
from compiler.pipeline.emit import atomic
out, flag = sys.argv[1], sys.argv[2]
real = atomic._write_tree
def write_then_wait(*args):
    real(*args)
    open(flag + ".waiting", "w").close()
    while not os.path.exists(flag + ".go"):
        time.sleep(0.05)
atomic._write_tree = write_then_wait
from compiler.cli.main import main
sys.argv = ["ostraka", "build", "--out", out]
main()
"""


def test_two_real_builds_the_later_started_wins(project, tmp_path):
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out, flag = tmp_path / "out", tmp_path / "flag"
    edit(project, "Older")
    older = subprocess.Popen(
        [sys.executable, "-c", PAUSED_BUILD, str(out), str(flag)],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        for _ in range(6000):  # until the older build has read its input and written its files (5 min at most)
            if (tmp_path / "flag.waiting").exists() or older.poll() is not None:
                break
            time.sleep(0.05)
        assert (tmp_path / "flag.waiting").exists(), older.communicate()[0]
        edit(project, "Newer")
        newer = subprocess.run(
            [sys.executable, "-m", "compiler", "build", "--out", str(out)],
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert newer.returncode == 0, newer.stdout + newer.stderr
        assert "Newer" in (out / "mini" / "cards.json").read_text()
    finally:
        (tmp_path / "flag.go").touch()
        output = older.communicate(timeout=300)[0]
    assert older.returncode == 0, output
    assert "already holds the output of a build started after this one" in output
    assert "Newer" in (out / "mini" / "cards.json").read_text()
    assert temporaries(tmp_path) == []


def test_a_link_to_an_up_to_date_output_is_refused_too(ostraka, project, tmp_path):
    real = tmp_path / "real"
    assert ostraka("build", "--out", str(real), cwd=project).exit_code == 0
    before = snapshot(real)
    (project / "generated").symlink_to(real, target_is_directory=True)
    refused(ostraka("build", cwd=project), "E701", "generated")
    assert snapshot(real) == before
