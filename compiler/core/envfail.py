"""Failures of the machine rather than of the data: a refused output, a full disk, a missing folder.

Each becomes a diagnostic with its own code, the path concerned and a hint (never "E901 internal
error"): `Refused` carries one raised on purpose; `from_oserror` names what an `OSError` means.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from .diagnostics import Diagnostic


class Refused(Exception):
    """An operation that ostraka will not do (or cannot), as a finished diagnostic."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def shown(path: str | os.PathLike | None) -> str:
    """A path as the user would type it: relative to the current directory when inside it."""
    if path is None:
        return ""
    text = os.fsdecode(path)
    try:
        rel = os.path.relpath(text)
    except ValueError:
        return text
    return text if rel.startswith("..") else rel


def refuse(code: str, message: str, path: str | os.PathLike, hint: str) -> Refused:
    return Refused(Diagnostic(code, message, shown(path), hint=hint))


_NOT_WRITABLE = {errno.EACCES, errno.EPERM, errno.EROFS}
_BUSY = {errno.EBUSY, errno.EXDEV}
_MISSING = {errno.ENOENT}
_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


def from_oserror(exc: OSError, path: str | os.PathLike | None = None) -> Diagnostic:
    """What an OSError means to the user, located at the file it concerns."""
    where = shown(exc.filename if exc.filename is not None else path)
    reason = exc.strerror or type(exc).__name__
    folder = shown(Path(where).parent) if where else "the folder"
    if exc.errno in _NOT_WRITABLE:
        return Diagnostic(
            "E702",
            f"cannot write here: {reason}",
            where,
            hint=f"check the permissions of {where or 'the path'} and of {folder}, or pass --out a directory you can write",
        )
    if exc.errno in _BUSY:
        return Diagnostic(
            "E703",
            f"cannot replace this directory: {reason}",
            where,
            hint="it is a mount point or on another file system than its parent; "
            "pass --out a directory that is not mounted on its own",
        )
    if exc.errno in _MISSING:
        return Diagnostic(
            "E704",
            f"no such folder: {reason}",
            where,
            hint=f"create the folder first (mkdir -p {folder}) or choose another path",
        )
    if exc.errno in _FULL:
        return Diagnostic(
            "E705",
            f"the disk is full: {reason}",
            where,
            hint="free some space (or raise the quota) and run the command again",
        )
    return Diagnostic("E706", f"input/output error: {reason}", where, hint=_other_hint(exc.errno, where))


def _other_hint(number: int | None, where: str) -> str:
    """What an error other than permissions, a busy folder, a missing folder or a full disk means:
    said as what it is, so that a file in the way is not blamed on the disk."""
    what = where or "the path"
    if number in (errno.ENOTDIR, errno.EEXIST):
        return f"a file stands where a folder is wanted on the way to {what}: move it, or choose another path"
    if number == errno.EISDIR:
        return f"{what} is a folder, where a file is wanted: choose a file name"
    if number == errno.ELOOP:
        return f"a symbolic link is on the way to {what}, and ostraka never writes through a link: remove it"
    if number == errno.ENAMETOOLONG:
        return "the name is longer than the file system allows: choose a shorter path"
    if number == errno.EIO:
        return "the disk reported a read or write failure: check the disk and run the command again"
    name = errno.errorcode.get(number, "") if number is not None else ""
    return (
        f"the system refused the operation{f' ({name})' if name else ''}; fix what it names and run the command again"
    )
