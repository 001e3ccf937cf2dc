"""The cache's storage: signed entries in one SQLite file under `.ostraka/`, read in one query and
written in one transaction.

Each entry carries an HMAC-SHA256 of its key and value under the user's cache key (key.py: kept
outside `.ostraka/`, 0600): an entry edited or forged by someone without the key fails it. An entry
that fails it, cannot be decoded, or is larger than MAX_ENTRY_CHARS is a miss, dropped when the run
ends and rewritten; a file that is not a readable cache is deleted and rebuilt, and a cache that
cannot be written is simply not used. A `.ostraka/`, cache file or key that is a symbolic link (or
not a plain file) means no cache for that run, without an error: nothing is read or written
through a link. Entries unused for KEEP_RUNS runs are dropped.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..load.loader import MAX_FILE_BYTES
from .key import load_key

CACHE_DIR = ".ostraka"
DB_NAME = "cache.sqlite"
FORMAT = "1"  # the layout of entries; bump on any change to what is stored
KEEP_RUNS = 30  # entries unused for this many runs are dropped
REFRESH_RUNS = 5  # an entry's last use is rewritten at most once in this many runs
MAX_ENTRY_CHARS = 16 * MAX_FILE_BYTES  # an entry larger than this (a parse of the largest file is far less) is junk
MAX_READ_CHARS = 512 * 1024 * 1024  # at most this much of the cache is read into memory in one run
MAX_DB_BYTES = 2 * 1024 * 1024 * 1024  # a cache file larger than this is not read but rebuilt
_SIDECARS = ("", "-journal", "-wal", "-shm")

# The decoded entries a process used in its last run, per cache file: `ostraka watch` re-checks in
# one process, and a file that did not change costs a dictionary look-up, not a decode.
_MEMORY: dict[str, dict[str, tuple[Any, int]]] = {}


class SignedEntries:
    """The entries of one project's cache file: looked up, stored, and written back at close()."""

    def __init__(self, root: Path, fp: str) -> None:
        self.fp = fp  # the compiler's fingerprint: a file written by another compiler is emptied
        self._secret = b""
        self._junk: set[str] = set()
        self.directory = Path(root) / CACHE_DIR
        self.path = self.directory / DB_NAME
        self.stats = {"hit": 0, "miss": 0, "bad": 0}
        self._pending: dict[str, tuple[str, str]] = {}
        self._used: set[str] = set()
        self._recent = _MEMORY.get(str(self.path), {})
        self._keep: dict[str, tuple[Any, int]] = {}
        self._db: sqlite3.Connection | None = None
        self._rows: dict[str, tuple] | None = None
        self._shared: set[str] = set()
        self._run = 0
        self._open()

    @property
    def usable(self) -> bool:
        """Whether this run reads and writes the cache file (False: computing everything, storing nothing)."""
        return self._db is not None

    # ---------------------------------------------------------------- storage

    def _plain(self) -> bool:
        """Whether .ostraka/ is a real directory and the cache files are plain files (or absent): no links."""
        try:
            if not stat.S_ISDIR(os.lstat(self.directory).st_mode):
                return False
        except FileNotFoundError:
            try:
                os.mkdir(self.directory, 0o700)
            except OSError:
                return False
        except OSError:
            return False
        for name in [DB_NAME + suffix for suffix in _SIDECARS]:
            try:
                mode = os.lstat(self.directory / name).st_mode
            except FileNotFoundError:
                continue
            except OSError:
                return False
            if not stat.S_ISREG(mode):
                return False
        return True

    def _load_secret(self) -> tuple[bytes, bool]:
        """The user's cache key (key.py: outside `.ostraka/`, which CI restores) and whether it is new."""
        return load_key()

    def _sign(self, key: str, value: str) -> str:
        return hmac.new(
            self._secret,
            key.encode("utf-8", "surrogatepass") + b"\0" + value.encode("utf-8", "surrogatepass"),
            hashlib.sha256,
        ).hexdigest()

    def _open(self) -> None:
        if not self._plain():
            return  # a link or something odd where the cache lives: no cache this run, no error
        try:
            if os.lstat(self.path).st_size > MAX_DB_BYTES:
                self._remove()
        except OSError:
            pass
        for attempt in (1, 2):
            try:
                self._mark_directory()
                self._secret, new_secret = self._load_secret()
                db = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
                if not self._plain() or os.path.realpath(self.path) != os.path.join(
                    os.path.realpath(self.directory), DB_NAME
                ):
                    db.close()  # swapped for a link while we opened it
                    return
                db.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
                db.execute(
                    "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, sum TEXT NOT NULL, value TEXT NOT NULL, used INTEGER NOT NULL)"
                )
                meta = dict(db.execute("SELECT k, v FROM meta").fetchall())
                if meta.get("fingerprint") != self.fp or new_secret:
                    # Another language version or compiler: nothing stored can be reused.
                    db.execute("DELETE FROM entries")
                    db.execute("INSERT OR REPLACE INTO meta VALUES ('fingerprint', ?)", (self.fp,))
                self._run = int(meta.get("run", "0")) + 1 if str(meta.get("run", "0")).isdigit() else 1
                self._db = db
                return
            except sqlite3.Error as exc:
                try:
                    db.close()
                except Exception:  # noqa: BLE001
                    pass
                if isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc)):
                    break  # another process is writing it: check without the cache this time
                # Not a database, or a broken one: delete it and build it anew, once.
                if attempt == 1:
                    self._remove()
            except (OSError, ValueError):
                break
        self._db = None

    def _mark_directory(self) -> None:
        """Keep the cache out of every repository (as .pytest_cache does) and out of backups."""
        for name, text in (
            (".gitignore", "# Created by ostraka: the incremental-check cache, never committed.\n*\n"),
            (
                "CACHEDIR.TAG",
                "Signature: 8a477f597d28d172789f06886806bc55\n# Created by ostraka: the incremental-check cache.\n",
            ),
        ):
            try:  # O_EXCL: never through a link, never over what is there
                fd = os.open(
                    self.directory / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644
                )
            except FileExistsError:
                continue
            try:
                os.write(fd, text.encode("utf-8"))
            finally:
                os.close(fd)

    def _remove(self) -> None:
        for suffix in _SIDECARS:
            try:
                Path(str(self.path) + suffix).unlink()
            except OSError:
                pass

    def _get(self, key: str) -> tuple[Any, int] | None:
        """The stored entry (checked against its signature, parsed) and the run that last used it."""
        if self._db is None:
            return None
        if self._rows is None and self._recent:
            # A process that checked before (watch, the language server) finds nearly every entry in
            # memory: the few others are read one by one, not the whole file (and not all checked at close).
            row = self._read_row(key)
        else:
            if self._rows is None:
                self._rows = self._read_rows()
            row = self._rows.pop(key, None)
        if row is None:
            return None
        checksum, value, used = row
        if (
            not isinstance(value, str)
            or not isinstance(checksum, str)
            or not hmac.compare_digest(self._sign(key, value), checksum)
        ):
            self._bad(key)
            return None
        try:
            return json.loads(value), int(used)
        except Exception:  # noqa: BLE001 - whatever does not decode (even a RecursionError) is a miss
            self._bad(key)
            return None

    def _bad(self, key: str) -> None:
        self.stats["bad"] += 1
        self._junk.add(key)
        return None

    def _read_row(self, key: str) -> tuple | None:
        try:
            found = self._db.execute(  # type: ignore[union-attr]
                "SELECT sum, value, used FROM entries WHERE key = ? AND length(value) <= ?", (key, MAX_ENTRY_CHARS)
            ).fetchone()
        except sqlite3.Error:
            return None
        return tuple(found) if found is not None else None

    def _read_rows(self) -> dict[str, tuple]:
        """Every entry, in one query (a check reads nearly all of them), within MAX_READ_CHARS;
        larger entries are not read but marked as junk."""
        rows: dict[str, tuple] = {}
        total = 0
        try:
            query = "SELECT key, sum, CASE WHEN length(value) <= ? THEN value END, used FROM entries"
            for key, checksum, value, used in self._db.execute(query, (MAX_ENTRY_CHARS,)):  # type: ignore[union-attr]
                if not isinstance(key, str):
                    continue
                if value is None:
                    self._junk.add(key)
                    continue
                total += len(value) if isinstance(value, str) else 0
                if total > MAX_READ_CHARS:
                    break
                rows[key] = (checksum, value, used)
        except sqlite3.Error:
            pass  # a damaged table: what was read is checked entry by entry, the rest is a miss
        return rows

    def _lookup(self, key: str, decode: Callable[[Any], Any]) -> Any:
        """The decoded entry, from this process's last run or from the file; None if absent or bad."""
        if key in self._recent:
            value, used = self._recent[key]
        else:
            found = self._get(key)
            if found is None:
                return None
            entry, used = found
            try:
                value = decode(entry)
            except Exception:  # noqa: BLE001 - an entry that does not decode is a corrupt entry
                self._bad(key)
                return None
        self._keep[key] = (value, used)
        return value

    def _hit(self, key: str) -> None:
        self.stats["hit"] += 1
        value, used = self._keep[key]
        if used < self._run - REFRESH_RUNS:
            self._used.add(key)
            self._keep[key] = (value, self._run)

    def _store(self, key: str, value: Any, decoded: Any) -> None:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        if len(text) > MAX_ENTRY_CHARS or self._db is None:
            self._keep[key] = (decoded, self._run)
            return
        self._pending[key] = (self._sign(key, text), text)
        self._keep[key] = (decoded, self._run)

    def close(self) -> None:
        """Write the new entries, mark the ones used, drop those long unused."""
        db, self._db = self._db, None
        _MEMORY[str(self.path)] = self._keep
        for key, (checksum, value, _used) in (self._rows or {}).items():  # read but not asked for this run
            if (
                not isinstance(value, str)
                or not isinstance(checksum, str)
                or not hmac.compare_digest(self._sign(key, value), checksum)
            ):
                self._junk.add(key)
        self._rows = None
        if db is None:
            return
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(
                "INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?)",
                [(k, s, v, self._run) for k, (s, v) in self._pending.items()],
            )
            db.executemany(
                "UPDATE entries SET used = ? WHERE key = ?", [(self._run, k) for k in self._used - self._pending.keys()]
            )
            # Long unused, or marked as used by a run far ahead (or by no run): junk. (A run a little
            # ahead is a concurrent check that finished first.)
            db.execute(
                "DELETE FROM entries WHERE used < ? OR used > ? OR typeof(used) != 'integer'",
                (self._run - KEEP_RUNS, self._run + KEEP_RUNS),
            )
            db.executemany("DELETE FROM entries WHERE key = ?", [(k,) for k in self._junk - self._pending.keys()])
            db.execute("INSERT OR REPLACE INTO meta VALUES ('run', ?)", (str(self._run),))
            db.execute("COMMIT")
        except sqlite3.Error:
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        finally:
            db.close()
            self._pending.clear()

    # ---------------------------------------------------------------- two processes (pipeline/parallel.py)

    def prefork(self) -> None:
        """Read every entry now: a forked worker looks them up in its copy."""
        if self._db is not None and self._rows is None:
            self._rows = self._read_rows()
        self._shared = set(self._rows or ())

    def export(self) -> Any:
        """What a forked worker did to the entries, as plain data for `absorb` in the parent."""
        taken = sorted(k for k in self._shared if k not in (self._rows or {}))
        return (self._pending, sorted(self._used), sorted(self._junk), self.stats, taken)

    def absorb(self, exported: Any) -> None:
        """Take in a worker's `export`, as if this process had looked up and stored its entries."""
        pending, used, junk, stats, taken = exported
        self._pending.update({str(k): (str(v[0]), str(v[1])) for k, v in pending.items()})
        self._used.update(used)
        self._junk.update(junk)
        for name, n in stats.items():
            self.stats[name] = self.stats.get(name, 0) + int(n)
        for key in taken:  # read by the worker: not "read but not asked for" here
            if self._rows is not None:
                self._rows.pop(key, None)


def forget() -> None:
    """Drop what this process remembers of its last runs (the next run reads the cache file)."""
    for remembered in _MEMORY.values():
        remembered.clear()
    _MEMORY.clear()
