"""Replacing a whole output directory atomically, safe against kills and concurrent builds.

`replace_dir(target, files)` writes every file into a fresh directory beside the target, then,
holding an exclusive `flock` on the parent directory, exchanges the fresh directory with the
target in one `renameat2(RENAME_EXCHANGE)` call (Linux), so no reader ever sees the target
missing or half written. Where the exchange is not available it falls back to two renames and
repairs, on the next build, a target left missing by a kill between them.

What a kill leaves behind:
- before the exchange: the target as it was, plus `.<name>.new-<pid>-*` (removed by the next build);
- after the exchange: the new target, plus the old one under `.<name>.new-<pid>-*` (removed likewise).
Leftovers are only removed for processes that no longer run, so two builds started at once
never delete each other's work.

It only ever replaces a directory it made itself: the target must be missing, empty, or hold the
stamp file `.ostraka-build` (fixed text, so outputs stay byte-identical) that every build writes.
A symbolic link, a device, a file or a directory of anything else is refused (`envfail.Refused`,
E701), checked before anything is created and again under the lock. The stamp's mtime is the
start time of the build that wrote it: a build that started earlier than the output in place gives
up (`Superseded`) instead of overwriting newer output with older.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from ...core.envfail import refuse, shown
from ...core.writes import alive

try:  # pragma: no cover - platform dependent
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_renameat2: Any = None  # resolved on first use; False once known to be unavailable

STAMP_NAME = ".ostraka-build"
STAMP_TEXT = "Written by `ostraka build`, which replaces this whole directory on every build: do not edit.\n"
_CLOCK_SLACK_NS = 5 * 10**9  # a stamp dated further in the future than this is not trusted


class Superseded(Exception):
    """A build that started later has already written the target: this older output is dropped."""


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths. False when the system cannot (then nothing happened)."""
    global _renameat2
    if _renameat2 is None:
        _renameat2 = False
        if os.name == "posix":
            try:
                import ctypes

                libc = ctypes.CDLL(None, use_errno=True)
                func = libc.renameat2
                func.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
                func.restype = ctypes.c_int
                _renameat2 = func
            except (OSError, AttributeError):
                _renameat2 = False
    if not _renameat2:
        return False
    import ctypes

    if _renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _leftovers(parent: Path, name: str) -> list[tuple[str, int, Path]]:
    """Temporary directories of earlier builds: (stage, pid, path), newest first."""
    pattern = re.compile(rf"^\.{re.escape(name)}\.(new|old)-(\d+)-")
    found = []
    for entry in parent.iterdir():
        m = pattern.match(entry.name)
        if m and entry.is_dir() and not entry.is_symlink():
            found.append((m.group(1), int(m.group(2)), entry))
    return sorted(found, key=lambda t: t[2].stat().st_mtime, reverse=True)


def _remove_tree(path: Path) -> None:
    """Delete a tree we wrote, even one made read-only since (chmod needs ownership, not write)."""
    if os.path.islink(path) or not os.path.isdir(path):
        return
    for dirpath, dirnames, _files in os.walk(path):  # never follows links
        for name in [dirpath, *(os.path.join(dirpath, d) for d in dirnames)]:
            if not os.path.islink(name):
                try:
                    os.chmod(name, 0o700)
                except OSError:
                    pass
    shutil.rmtree(path, ignore_errors=True)


def _stamp(target: Path) -> os.stat_result | None:
    """The stat of target's stamp when it is a regular file holding exactly STAMP_TEXT."""
    try:
        fd = os.open(target / STAMP_NAME, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        want = STAMP_TEXT.encode("utf-8")
        return st if os.read(fd, len(want) + 1) == want else None
    finally:
        os.close(fd)


def check_target(target: Path) -> None:
    """Refuse (E701) unless target is missing, an empty directory, or a directory a build made."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    hint = "pass --out a new or empty directory; a build replaces only a directory it made itself"
    if stat.S_ISLNK(st.st_mode):
        raise refuse(
            "E701",
            "the output is a symbolic link; a build never writes through a link",
            target,
            f"remove the link (rm {shown(target)}) or {hint}",
        )
    if not stat.S_ISDIR(st.st_mode):
        kind = "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a directory"
        raise refuse("E701", f"the output path is {kind}; a build replaces only a directory", target, hint)
    if os.listdir(target) and _stamp(target) is None:
        raise refuse(
            "E701",
            f"the output directory was not made by ostraka build (it has no {STAMP_NAME}): "
            "replacing it would delete its files",
            target,
            f"{hint} (output of an ostraka older than the stamp: delete it once, then build)",
        )


def _newer_build_in_place(target: Path, started: int) -> bool:
    st = _stamp(target)
    return st is not None and started < st.st_mtime_ns <= time.time_ns() + _CLOCK_SLACK_NS


def _repair_and_clean(parent: Path, target: Path) -> None:
    """Under the lock: bring back a target lost between two fallback renames, drop dead builds' dirs."""
    dead = [(stage, path) for stage, pid, path in _leftovers(parent, target.name) if not alive(pid)]
    if not os.path.lexists(target):
        for stage, path in dead:
            if stage == "old":
                os.rename(path, target)
                dead.remove((stage, path))
                break
    for _stage, path in dead:
        _remove_tree(path)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_tree(root: Path, files: dict[str, str], shown_as: Path) -> None:
    for rel in sorted(files):
        parts = Path(rel).parts
        if not parts or Path(rel).is_absolute() or any(p in ("", ".", "..") for p in parts):
            raise ValueError(f"refusing to write '{rel}' outside the output directory")
        path = root.joinpath(*parts)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "xb") as handle:
                handle.write(files[rel].encode("utf-8"))
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:  # name the file the user asked for, not our temporary one
            raise OSError(exc.errno, exc.strerror, str(shown_as.joinpath(*parts))) from exc
    for directory in sorted({p for p in root.rglob("*") if p.is_dir()} | {root}):
        os.chmod(directory, 0o755)


class _Locked:
    """An exclusive flock on a directory (the parent of the output), released on exit."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def __enter__(self) -> None:
        self.fd = os.open(self.directory, os.O_RDONLY)
        if fcntl is not None:
            fcntl.flock(self.fd, fcntl.LOCK_EX)

    def __exit__(self, *_exc: object) -> None:
        os.close(self.fd)  # closing releases the flock


def tidy(target: Path) -> None:
    """Remove what dead builds left beside an output that is already up to date (nothing else changes)."""
    parent = Path(os.path.abspath(target)).parent
    if parent.is_dir():
        with _Locked(parent):
            _repair_and_clean(parent, Path(os.path.abspath(target)))


def replace_dir(target: Path, files: dict[str, str], started: int | None = None) -> int:
    """Make `target` hold exactly `files` (relative path -> text) and the stamp, all at once.

    Returns how many files were written, the stamp not counted.
    `started` (time.time_ns() when the build began reading its input) orders concurrent builds:
    raises Superseded, writing nothing, when the output in place comes from a later-started build.
    """
    started = time.time_ns() if started is None else started
    target = Path(os.path.abspath(target))
    check_target(target)
    files = {**files, STAMP_NAME: STAMP_TEXT}
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    try:
        fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-{os.getpid()}-", dir=parent))
    except OSError as exc:  # the folder the output goes in, not the temporary name we tried
        raise OSError(exc.errno, exc.strerror, str(parent)) from exc
    try:
        _write_tree(fresh, files, target)
        os.utime(fresh / STAMP_NAME, ns=(started, started))
        with _Locked(parent):
            _repair_and_clean(parent, target)
            check_target(target)  # again: the target may have changed while we wrote
            if _newer_build_in_place(target, started):
                raise Superseded(str(target))
            if not os.path.lexists(target):
                os.rename(fresh, target)
            elif _exchange(fresh, target):
                pass  # fresh now holds the previous output; removed below
            else:
                old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-{os.getpid()}-", dir=parent))
                os.rmdir(old)
                os.rename(target, old)
                os.rename(fresh, target)
                _remove_tree(old)
            _fsync_dir(parent)
    finally:
        if os.path.lexists(fresh):
            _remove_tree(fresh)
    return len(files) - 1  # the stamp is not counted
