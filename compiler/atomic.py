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
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import tempfile
from pathlib import Path

try:  # pragma: no cover - platform dependent
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_renameat2 = None  # resolved on first use; False once known to be unavailable


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


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _leftovers(parent: Path, name: str) -> list[tuple[str, int, Path]]:
    """Temporary directories of earlier builds: (stage, pid, path), newest first."""
    pattern = re.compile(rf"^\.{re.escape(name)}\.(new|old)-(\d+)-")
    found = []
    for entry in parent.iterdir():
        m = pattern.match(entry.name)
        if m and entry.is_dir() and not entry.is_symlink():
            found.append((m.group(1), int(m.group(2)), entry))
    return sorted(found, key=lambda t: t[2].stat().st_mtime, reverse=True)


def _repair_and_clean(parent: Path, target: Path) -> None:
    """Under the lock: bring back a target lost between two fallback renames, drop dead builds' dirs."""
    dead = [(stage, path) for stage, pid, path in _leftovers(parent, target.name) if not _alive(pid)]
    if not os.path.lexists(target):
        for stage, path in dead:
            if stage == "old":
                os.rename(path, target)
                dead.remove((stage, path))
                break
    for _stage, path in dead:
        shutil.rmtree(path, ignore_errors=True)


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


def _write_tree(root: Path, files: dict[str, str]) -> None:
    for rel in sorted(files):
        parts = Path(rel).parts
        if not parts or Path(rel).is_absolute() or any(p in ("", ".", "..") for p in parts):
            raise ValueError(f"refusing to write '{rel}' outside the output directory")
        path = root.joinpath(*parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb") as handle:
            handle.write(files[rel].encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
    for directory in sorted({p for p in root.rglob("*") if p.is_dir()} | {root}):
        os.chmod(directory, 0o755)


def replace_dir(target: Path, files: dict[str, str]) -> int:
    """Make `target` hold exactly `files` (relative path -> text), all at once."""
    target = Path(os.path.abspath(target))
    if target.is_symlink():
        target = target.resolve()
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-{os.getpid()}-", dir=parent))
    try:
        _write_tree(fresh, files)
        lock = os.open(parent, os.O_RDONLY)
        try:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            _repair_and_clean(parent, target)
            if not os.path.lexists(target):
                os.rename(fresh, target)
            elif _exchange(fresh, target):
                pass  # fresh now holds the previous output; removed below
            else:
                old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-{os.getpid()}-", dir=parent))
                os.rmdir(old)
                os.rename(target, old)
                os.rename(fresh, target)
                shutil.rmtree(old, ignore_errors=True)
            _fsync_dir(parent)
        finally:
            os.close(lock)  # closing releases the flock
    finally:
        if os.path.lexists(fresh):
            shutil.rmtree(fresh, ignore_errors=True)
    return len(files)
