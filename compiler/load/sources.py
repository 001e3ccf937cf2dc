"""Where a run reads its card files from: the disk, or the disk as an editor sees it.

A check reads every game's folder listing and every file's bytes. `Sources` reads them from the
disk each time, as `ostraka check` must (nothing is known of what changed since the last run).
`Tracked` is for a process that checks again and again and is told what changed (the language
server, from the editor's notifications): it remembers each listing and each file's bytes until told
otherwise, and serves the unsaved text of a file open in the editor in place of the file, so that a
re-check after a one-card edit reads one file, not the whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from ..core.diagnostics import Diagnostic
from .loader import _read_regular
from .refusals import MAX_FILE_BYTES
from .walk import yaml_files


def read_regular(path: Path) -> bytes:
    return _read_regular(path, MAX_FILE_BYTES + 1)


class Sources:
    """The disk, read afresh on every call."""

    disk = True  # reads nothing but the disk: callers may read files themselves (load_file's default)

    def read(self, path: Path) -> bytes:
        """At most MAX_FILE_BYTES + 1 bytes of a regular file (OSError for anything else)."""
        return read_regular(path)

    def listing(self, top: Path, display: Callable[[Path], str]) -> tuple[list[Path], list[Diagnostic]]:
        """The *.yaml files under a folder and the problems of its folders (walk.py)."""
        return yaml_files(top, display)


class Tracked(Sources):
    """The disk as last read, plus the editor's unsaved texts, until `changed()` says otherwise.

    Paths are absolute. A file that could not be read is read again every time (its error may be
    gone), and so is a folder's listing that had problems.
    """

    disk = False

    def __init__(self) -> None:
        self.texts: dict[Path, str] = {}  # files open in the editor, by absolute path: their unsaved text
        self._bytes: dict[Path, bytes] = {}
        self._listings: dict[Path, tuple[list[Path], list[Diagnostic]]] = {}

    def read(self, path: Path) -> bytes:
        text = self.texts.get(path)
        if text is not None:
            return text.encode("utf-8", "surrogatepass")
        raw = self._bytes.get(path)
        if raw is None:
            raw = read_regular(path)
            self._bytes[path] = raw
        return raw

    def listing(self, top: Path, display: Callable[[Path], str]) -> tuple[list[Path], list[Diagnostic]]:
        found = self._listings.get(top)
        if found is None:
            files, problems = yaml_files(top, display)
            found = (files + sorted(p for p in self.texts if p.is_relative_to(top) and p not in files), problems)
            found[0].sort()
            if not problems:
                self._listings[top] = found
        return list(found[0]), list(found[1])

    def open(self, path: Path, text: str) -> None:
        """A file open in the editor with this text (a new, unsaved file is listed too)."""
        known = path in self.texts or path in self._bytes or any(path in files for files, _p in self._listings.values())
        self.texts[path] = text
        if not known:
            self._listings.clear()

    def close(self, path: Path) -> None:
        """The editor closed the file: the disk's bytes count again."""
        self.texts.pop(path, None)
        self.changed([path])

    def changed(self, paths: Iterable[Path]) -> None:
        """These files changed on disk (saved, created, deleted, renamed): read them again."""
        for path in paths:
            self._bytes.pop(path, None)
            if not any(path in files for files, _p in self._listings.values()) or not path.exists():
                self._listings.clear()  # a file created or deleted: the folders are listed again

    def forget(self) -> None:
        """Read everything again (the client cannot tell what changed)."""
        self._bytes.clear()
        self._listings.clear()
