"""A warm `ostraka check` that nothing changed since: the last report, replayed without the pipeline.

The incremental cache (cache.py) makes a re-check cheap, but it still imports and builds the models
and re-validates every file. When nothing at all changed (the same command in the same directory,
the same tree of files under the games, every card file with the same bytes, the same compiler),
the report is the same, so the last one is printed as it was. The snapshot covers every entry
under the folders read (names and types, so an added, removed or retyped file is a change) and
the bytes of every YAML file; anything unusual on the way (a link, a FIFO, an unreadable folder)
means no replay and a full check, which reports it. The entry lives in .ostraka/ beside the
cache and is signed with the cache's secret, like every cache entry; a bad one is a miss.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
from pathlib import Path
from typing import Any

from ..cache.codec import diag_to_json
from ..cache.fingerprint import code_fingerprint
from ..core.diagnostics import Diagnostic, ExampleFailure, Related, Report, Severity

FILE_NAME = "last-check.json"
FORMAT = "1"
_MAX_FILES = 20_000  # a tree larger than this is not snapshotted (a full check handles it)


def _tree(top: Path, h: Any) -> bool:
    """Add every entry under `top` to the hash; False when something unusual is on the way."""
    stack = [top]
    count = 0
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:
            return False
        for entry in entries:
            count += 1
            if count > _MAX_FILES:
                return False
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError:
                return False
            if stat.S_ISLNK(mode):
                return False
            h.update(f"{entry.path}\0{stat.S_IFMT(mode)}\0".encode("utf-8", "surrogatepass"))
            if stat.S_ISDIR(mode):
                stack.append(Path(entry.path))
            elif entry.name.endswith(".yaml"):
                if not stat.S_ISREG(mode):
                    return False
                try:
                    with open(entry.path, "rb") as handle:
                        h.update(hashlib.sha256(handle.read()).digest())
                except OSError:
                    return False
    return True


def snapshot(root: Path, args: list[str]) -> str | None:
    """The key of this command on this tree, or None when it cannot be taken safely."""
    h = hashlib.sha256()
    h.update(json.dumps([code_fingerprint(), str(Path.cwd()), str(root), args]).encode())
    tops = [Path(a) for a in args if not a.startswith("-")] or [root / "cards"]
    for top in tops:
        top = top if top.is_absolute() else Path.cwd() / top
        if not top.exists() and (root / "cards" / top.name).is_dir():  # a game named by its folder's name
            top = root / "cards" / top.name
        # Every folder a game can be found in: a path's own tree and the game folders above it.
        h.update(f"top\0{top}\0".encode())
        if not top.exists():
            return None
        if top.is_file():
            top = top.parent
        if not _tree(top, h):
            return None
        for parent in top.parents:
            if (parent / "game.yaml").exists():
                if not _tree(parent, h):
                    return None
                break
    return h.hexdigest()


def _secret(root: Path) -> bytes | None:
    """The cache's key (cache/key.py), read only if it is a plain 0600 file of ours."""
    from ..cache.key import read_key

    return read_key()


def _path(root: Path) -> Path:
    return root / ".ostraka" / FILE_NAME


def _diagnostic(d: dict[str, Any]) -> Diagnostic:
    return Diagnostic(
        d["code"],
        d["message"],
        d["file"],
        d["line"],
        d["column"],
        d["hint"],
        d["path"],
        tuple(Related(*r) for r in d["related"]),
        Severity(d["severity"]) if d["severity"] else None,
        ExampleFailure.from_tuple(d.get("failure")),
    )


class _Lines:
    """What the text format quotes of a file: its lines, read when first asked for."""

    def __init__(self, root: Path, file: str) -> None:
        self.path = root / file
        self._lines: list[str] | None = None

    def line_text(self, line: int) -> str | None:
        if self._lines is None:
            try:
                self._lines = self.path.read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError):
                self._lines = []
        return self._lines[line - 1] if 0 < line <= len(self._lines) else None


class Replayed:
    """Enough of a project.Run for cli._print_report."""

    def __init__(self, root: Path, report: Report) -> None:
        self.root = root
        self.report = report
        self.documents = {d.file: _Lines(root, d.file) for d in report.items if d.file}


def replay(root: Path, args: list[str]) -> Replayed | None:
    """The last report of this very command, if nothing it read has changed since."""
    secret = _secret(root)
    if secret is None:
        return None
    try:
        fd = os.open(_path(root), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            stored = json.loads(handle.read(64 * 1024 * 1024))
        key, body, mac = stored["key"], stored["body"], stored["mac"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(body, str) or not hmac.compare_digest(
        str(mac), hmac.new(secret, f"{key}\0{body}".encode(), hashlib.sha256).hexdigest()
    ):
        return None
    if key != snapshot(root, args):
        return None
    try:
        data = json.loads(body)
        report = Report()
        report.items = [_diagnostic(d) for d in data["items"]]
        for name in ("files", "cards", "examples_passed", "examples_failed", "examples_folded"):
            setattr(report, name, int(data[name]))
    except (ValueError, KeyError, TypeError):
        return None
    return Replayed(root, report)


def remember(root: Path, args: list[str], report: Report, key: str | None) -> None:
    """Store this run's report for `replay` (only when the snapshot was taken before the run)."""
    secret = _secret(root)
    if secret is None or key is None or snapshot(root, args) != key:  # something changed during the run
        return
    body = json.dumps(
        {
            "items": [diag_to_json(d) for d in report.items],
            **{
                name: getattr(report, name)
                for name in ("files", "cards", "examples_passed", "examples_failed", "examples_folded")
            },
        },
        ensure_ascii=False,
    )
    text = json.dumps(
        {"key": key, "body": body, "mac": hmac.new(secret, f"{key}\0{body}".encode(), hashlib.sha256).hexdigest()}
    )
    path = _path(root)
    temp = path.with_name(f".{FILE_NAME}.{os.getpid()}")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(temp)
            return
        os.replace(temp, path)
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass
