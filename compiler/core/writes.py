"""Every file a command writes goes through here (build's `generated/` swap aside: pipeline/emit/atomic.py).

A cloned project may commit a symbolic link where an output goes (`schema/` -> `~/.ssh`, or
`docs/language.md` -> `~/.bashrc`), so no write ever follows one:

- the folders on the way are opened one by one with O_NOFOLLOW, from the project root down (or,
  for a path outside the project, the folder the user named), and a link among them is refused;
- the target itself must be missing or a regular file: a link, a device, a FIFO, a socket or a
  folder there is refused (E701) before anything is written;
- the data goes into a fresh temporary file with an unpredictable name, opened with O_EXCL beside
  the target, is fsync'ed, then renamed over it: a full disk or a kill leaves the old file whole
  (and no temporary), and the error names the file asked for, never the temporary.

`write_files` checks every target before it writes any, so a refused path leaves the others
untouched too. `staged_dir` does the same for an output folder (simulate, sweep): it is written
beside its target under a name carrying the writer's pid, and swapped in whole; what a dead run
left there is removed by the next one.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import shutil
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .envfail import refuse, shown

Data = str | bytes

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _kind(mode: int) -> str | None:
    """What a path that is not a regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def _refuse_kind(kind: str, path: Path) -> Exception:
    if kind == "a symbolic link":
        return refuse(
            "E701",
            "the output is a symbolic link; ostraka never writes through a link",
            path,
            f"remove the link (rm {shown(path)}) or write to another path",
        )
    return refuse(
        "E701", f"the output is {kind}, not a file ostraka can replace", path, "write to a regular file's path"
    )


def _base(folder: Path, root: Path | None) -> Path:
    """Where the no-link walk starts: the project root when the folder is inside it, else the folder itself."""
    if root is not None:
        top = Path(os.path.abspath(root))
        if folder == top or top in folder.parents:
            return top
    return folder


def _open_folder(folder: Path, root: Path | None, parents: bool, asked: Path) -> int:
    """A descriptor of `folder`, every component below the walk's start opened without following a link."""
    folder = Path(os.path.abspath(folder))
    base = _base(folder, root)
    if parents and base == folder:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, str(asked)) from None
    try:
        fd = os.open(base, _DIR_FLAGS)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(asked)) from None
    walked = base
    try:
        for part in folder.relative_to(base).parts:
            walked = walked / part
            try:
                nfd = os.open(part, _DIR_FLAGS | _NOFOLLOW, dir_fd=fd)
            except FileNotFoundError:
                if not parents:
                    raise
                try:
                    os.mkdir(part, 0o777, dir_fd=fd)
                except FileExistsError:
                    pass
                nfd = os.open(part, _DIR_FLAGS | _NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and stat.S_ISLNK(os.lstat(part, dir_fd=fd).st_mode):
                    raise refuse(
                        "E701",
                        "a folder on the output's path is a symbolic link; ostraka never writes through a link",
                        walked,
                        f"replace the link {shown(walked)} by a real folder, or write to another path",
                    ) from None
                raise
            os.close(fd)
            fd = nfd
    except OSError as exc:
        os.close(fd)
        raise OSError(exc.errno, exc.strerror, str(asked)) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_target(fd: int, name: str, path: Path) -> os.stat_result | None:
    try:
        st = os.lstat(name, dir_fd=fd)
    except FileNotFoundError:
        return None
    kind = _kind(st.st_mode)
    if kind is not None:
        raise _refuse_kind(kind, path)
    return st


class _Target:
    """One file to write: its folder opened safely, checked, not yet written."""

    def __init__(self, path: Path, root: Path | None, parents: bool, exclusive: bool = False) -> None:
        self.path = Path(path)
        self.name = self.path.name
        if not self.name or self.name in (".", ".."):
            raise refuse("E701", "the output names a folder, not a file", self.path, "give a file name")
        self.fd = _open_folder(self.path.parent, root, parents, self.path)
        try:
            self.old = _check_target(self.fd, self.name, self.path)
            if exclusive and self.old is not None:
                raise refuse("E701", "the file exists already", self.path, "choose another name, or remove the file")
        except BaseException:
            os.close(self.fd)
            raise
        self.temp: str | None = None

    def stage(self, data: Data) -> None:
        """The data in a fresh temporary beside the target, on the disk."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        mode = stat.S_IMODE(self.old.st_mode) if self.old is not None else 0o666
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
        for _attempt in range(8):
            temp = f".{self.name[:200]}.{secrets.token_hex(8)}.tmp"
            try:
                out = os.open(temp, flags, mode, dir_fd=self.fd)
            except FileExistsError:
                continue
            break
        else:  # pragma: no cover - eight 64-bit names all taken
            raise FileExistsError(errno.EEXIST, "no fresh temporary name", str(self.path))
        self.temp = temp
        try:
            if self.old is not None:
                os.fchmod(out, mode)  # the umask narrowed it: keep the replaced file's mode
            view = memoryview(raw)
            while view:
                view = view[os.write(out, view) :]
            os.fsync(out)
        finally:
            os.close(out)

    def commit(self) -> None:
        assert self.temp is not None
        _check_target(self.fd, self.name, self.path)  # again: it may have changed while we wrote
        os.rename(self.temp, self.name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        self.temp = None
        try:
            os.fsync(self.fd)
        except OSError:
            pass

    def close(self) -> None:
        if self.temp is not None:
            try:
                os.unlink(self.temp, dir_fd=self.fd)
            except OSError:
                pass
            self.temp = None
        os.close(self.fd)


def write_files(files: list[tuple[Path, Data]], root: Path | None = None, parents: bool = True) -> None:
    """Write every (path, data), each all at once; every path is checked before any is written.

    `root`: the project directory; the folders between it and a path inside it are never links.
    `parents`: create missing folders (else a missing one is E704)."""
    targets: list[tuple[_Target, Data]] = []
    try:
        for path, data in files:
            targets.append((_Target(Path(path), root, parents), data))
        for target, data in targets:
            try:
                target.stage(data)
            except OSError as exc:  # name the file asked for, never the temporary
                raise OSError(exc.errno, exc.strerror, str(target.path)) from None
        for target, _data in targets:
            try:
                target.commit()
            except OSError as exc:
                raise OSError(exc.errno, exc.strerror, str(target.path)) from None
    finally:
        for target, _data in targets:
            target.close()


def write_file(path: Path, data: Data, root: Path | None = None, parents: bool = True, new: bool = False) -> Path:
    """Write one file all at once (see write_files); returns its path. `new`: refuse one that exists."""
    if not new:
        write_files([(Path(path), data)], root, parents)
        return Path(path)
    target = _Target(Path(path), root, parents, exclusive=True)
    try:
        try:
            target.stage(data)
            target.commit()
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, str(target.path)) from None
    finally:
        target.close()
    return Path(path)


# ---------------------------------------------------------------------------- output folders

_STAGE = re.compile(r"^\.(?P<name>.+)\.stage-(?P<pid>\d+)-[0-9a-f]+(\.old)?$")


def alive(pid: int) -> bool:
    """Whether a process runs (this one, or one another user owns, counts as running)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale(out: Path) -> None:
    """Remove the staging folders that runs which no longer exist left beside `out`."""
    out = Path(os.path.abspath(out))
    try:
        entries = list(out.parent.iterdir())
    except OSError:
        return
    for entry in entries:
        m = _STAGE.match(entry.name)
        if m and m.group("name") == out.name and not alive(int(m.group("pid"))):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)


def check_dir(out: Path, ours: Callable[[Path], bool], root: Path | None = None) -> None:
    """Refuse (E701) an output folder that is a link, not a folder, or a folder of files not ours."""
    out = Path(out)
    try:
        fd = _open_folder(Path(os.path.abspath(out)).parent, root, False, out)
    except FileNotFoundError:
        return  # a folder on the way is missing: nothing there to refuse (staged_dir makes it)
    try:
        try:
            st = os.lstat(out.name, dir_fd=fd)
        except FileNotFoundError:
            return
    finally:
        os.close(fd)
    if stat.S_ISLNK(st.st_mode):
        raise _refuse_kind("a symbolic link", out)
    if not stat.S_ISDIR(st.st_mode):
        raise refuse(
            "E701", f"the output is {_kind(st.st_mode)}, not a folder", out, "pass --out a new or empty folder"
        )
    if any(out.iterdir()) and not ours(out):
        raise refuse(
            "E701",
            "the output folder does not hold an ostraka run: replacing it would delete its files",
            out,
            "pass --out a new or empty folder, or one an earlier run wrote",
        )


@contextmanager
def staged_dir(out: Path, ours: Callable[[Path], bool], root: Path | None = None) -> Iterator[Path]:
    """A fresh folder beside `out` to write into; on success it replaces `out` whole, on any
    failure (a signal included) it is removed and `out` is left as it was."""
    shown_as = Path(out)
    out = Path(os.path.abspath(out))
    check_dir(shown_as, ours, root)
    remove_stale(out)
    work = out.parent / f".{out.name}.stage-{os.getpid()}-{secrets.token_hex(6)}"
    fd = _open_folder(out.parent, root, True, shown_as)  # the folders on the way made, none a link
    try:
        os.mkdir(work.name, 0o777, dir_fd=fd)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(shown_as)) from None
    finally:
        os.close(fd)
    old = Path(f"{work}.old")
    try:
        yield work
        check_dir(shown_as, ours, root)  # again: it may have changed while the run played
        try:
            if os.path.lexists(out):
                os.rename(out, old)
            try:
                os.rename(work, out)
            except OSError:
                if os.path.lexists(old):
                    os.rename(old, out)  # the previous output back in place
                raise
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, str(shown_as)) from None
    finally:
        for leftover in (work, old):
            if os.path.isdir(leftover) and not os.path.islink(leftover):
                shutil.rmtree(leftover, ignore_errors=True)
