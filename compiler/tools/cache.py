"""The incremental-check cache: per-file parse results, per-card name checks and example outcomes.

Everything lives in one SQLite file, `.ostraka/cache.sqlite` under the project root (ignored by
git). What is cached, and what each entry is keyed by:

- **parse** (load, JSON Schema, pydantic) of one file: the file's bytes and display path. The
  entry holds the loaded data with every position and the diagnostics; the models are rebuilt
  from the data by pydantic on a hit, so a hit never skips validation of what is used.
- **resolve** (names and kind fields) of one entity: its file's bytes, its place in the file, and a
  digest of the game file and of every card id with its kind (the namespaces the check reads).
- **examples** of one card: the game file, the card's own file, and the cards the examples read.
  While a card's examples run, the game is seen through a view that records every card looked
  up by id; the entry stores what each of those looked like (or that it was absent), and a hit
  requires all of them unchanged. A run that enumerates the cards depends on all of them.

Every key starts with a fingerprint of the language version, the package versions and the source
of the compiler itself, so editing the interpreter invalidates all outcomes. Each entry carries an
HMAC-SHA256 of its key and value under a secret of this cache (`.ostraka/key`, 0600): an entry
edited or forged by someone without the key fails it. An entry that fails it, cannot be decoded,
or is larger than MAX_ENTRY_CHARS is a miss, dropped when the run ends and rewritten; a file that
is not a readable cache is deleted and rebuilt, and a cache that cannot be written is simply not
used. A `.ostraka/`, cache file or key that is a symbolic link (or not a plain file) means no
cache for that run, without an error: nothing is read or written through a link. `build` does not
take parsed data from the cache (`reparse`): what reaches the generated code is always parsed
from the card files themselves. The cache changes how fast a check runs, never what it reports.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import stat
import sys
from collections.abc import Mapping
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

from .. import __version__
from ..diagnostics import Diagnostic, Related, Severity
from .fingerprint import code_fingerprint
from ..pipeline.load.loader import MAX_FILE_BYTES, Document, _read_regular

CACHE_DIR = ".ostraka"
DB_NAME = "cache.sqlite"
FORMAT = "1"  # the layout of entries; bump on any change to what is stored
KEEP_RUNS = 30  # entries unused for this many runs are dropped
REFRESH_RUNS = 5  # an entry's last use is rewritten at most once in this many runs
KEY_NAME = "key"  # the cache's secret: entries are signed with it
MAX_ENTRY_CHARS = 16 * MAX_FILE_BYTES  # an entry larger than this (a parse of the largest file is far less) is junk
MAX_READ_CHARS = 512 * 1024 * 1024  # at most this much of the cache is read into memory in one run
MAX_DB_BYTES = 2 * 1024 * 1024 * 1024  # a cache file larger than this is not read but rebuilt
_SIDECARS = ("", "-journal", "-wal", "-shm")

# The decoded entries a process used in its last run, per cache file: `ostraka watch` re-checks in
# one process, and a file that did not change costs a dictionary look-up, not a decode.
_MEMORY: dict[str, dict[str, tuple[Any, int]]] = {}

Parsed = tuple[Document, list[Diagnostic], list[tuple[Any, tuple]]]


# ----------------------------------------------------------------------------- fingerprint

def fingerprint() -> str:
    """Everything besides the data that can change a result: versions and the compiler's source."""
    import compiler

    return _digest(FORMAT, compiler.LANGUAGE_VERSION, code_fingerprint())


def _digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, separators=(",", ":"), sort_keys=True, default=str).encode()).hexdigest()


# ----------------------------------------------------------------------------- encoding

_PAIRS = "\u0000pairs"  # a mapping whose keys are not all text is stored as a list of pairs


def _enc(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value) and _PAIRS not in value:
            return {k: _enc(v) for k, v in value.items()}
        return {_PAIRS: [[k, _enc(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return [_enc(v) for v in value]
    return value


def _dec(value: Any) -> Any:
    if isinstance(value, dict):
        if _PAIRS in value:
            return {_key(k): _dec(v) for k, v in value[_PAIRS]}
        return {k: _dec(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_dec(v) for v in value]
    return value


def _key(k: Any) -> Any:
    if isinstance(k, (list, dict)):
        raise ValueError("a mapping key cannot be a collection")
    return k


def _enc_positions(positions: dict[tuple, tuple[int, int]]) -> list:
    """Paths, then their lines and columns as one flat list (fast to decode)."""
    return [[list(path) for path in positions], [n for pair in positions.values() for n in pair]]


def _dec_positions(encoded: list) -> dict[tuple, tuple[int, int]]:
    paths, numbers = encoded
    if len(numbers) != 2 * len(paths) or not all(type(n) is int for n in numbers):
        raise ValueError("positions do not match their paths")
    return dict(zip(map(tuple, paths), zip(numbers[::2], numbers[1::2])))


class CachedDocument(Document):
    """A Document rebuilt from the cache: positions are decoded only when first needed.

    The entities' own positions (where each starts and its id) are decoded at once, because every
    run reads them; the rest waits for a diagnostic that needs it. A position table that does not
    decode is rebuilt by loading the text again, so a bad entry still gives the right answer.
    """

    def __init__(self, file: str, data: Any, text: str, encoded: tuple[str, str], head: dict[tuple, tuple[int, int]]) -> None:
        self.file, self.data, self.text = file, data, text
        self._encoded: tuple[str, str] | None = encoded
        self._head = head
        self._tables: tuple[dict, dict] | None = None

    def _decode(self) -> tuple[dict, dict]:
        if self._tables is None:
            try:
                assert self._encoded is not None
                self._tables = (_dec_positions(json.loads(self._encoded[0])), _dec_positions(json.loads(self._encoded[1])))
            except Exception:  # noqa: BLE001 - fall back to the source itself
                from ..pipeline.load.loader import load_text

                again, _problems = load_text(self.text, self.file)
                self._tables = (again.positions, again.key_positions)
            self._encoded = None
        return self._tables

    @property  # type: ignore[override]
    def positions(self) -> dict[tuple, tuple[int, int]]:
        return self._decode()[0]

    @property  # type: ignore[override]
    def key_positions(self) -> dict[tuple, tuple[int, int]]:
        return self._decode()[1]

    def where(self, path: tuple, key: bool = False) -> tuple[int, int]:
        found = None if key else self._head.get(tuple(path))
        return found if found is not None else super().where(path, key)


def diag_to_json(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code, "message": d.message, "file": d.file, "line": d.line, "column": d.column,
        "hint": d.hint, "path": d.path, "related": [[r.file, r.line, r.column, r.message] for r in d.related],
        "severity": d.severity.value if d.severity else None,
    }


def diag_from_json(o: dict[str, Any]) -> Diagnostic:
    return Diagnostic(
        str(o["code"]), str(o["message"]), str(o["file"]), int(o["line"]), int(o["column"]), str(o["hint"]), str(o["path"]),
        tuple(Related(str(f), int(ln), int(c), str(m)) for f, ln, c, m in o["related"]),
        Severity(o["severity"]) if o["severity"] else None,
    )


def _at(data: Any, prefix: tuple) -> Any:
    for part in prefix:
        data = data[part]
    return data


# ----------------------------------------------------------------------------- the game as examples see it

class Reads:
    """What one card's examples read of the game: card ids looked up, or everything."""

    def __init__(self) -> None:
        self.ids: set[str] = set()
        self.everything = False


class _TrackedMapping(Mapping):
    """A read-only mapping keyed by card id that records every id looked up and every enumeration."""

    def __init__(self, data: Mapping, reads: Reads) -> None:
        self._data = data
        self._reads = reads

    def __getitem__(self, key: Any) -> Any:
        self._reads.ids.add(key)
        return self._data[key]

    def get(self, key: Any, default: Any = None) -> Any:
        self._reads.ids.add(key)
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        self._reads.ids.add(key)  # type: ignore[arg-type]
        return key in self._data

    def __iter__(self) -> Iterator:
        self._reads.everything = True
        return iter(self._data)

    def __len__(self) -> int:
        self._reads.everything = True
        return len(self._data)


class _Derived:
    """An index of the compiled game keyed by something, then by card id (`listeners[event]`,
    `passives_by_hook[hook]`), computed card by card from tracked tables so that only the cards
    asked about count as read. Never empty: a caller scans the cards it holds and asks."""

    def __init__(self, has: Callable[[Any, str], bool], value: Callable[[Any, str], Any]) -> None:
        self._has, self._value = has, value

    def get(self, key: Any, default: Any = None) -> "_DerivedEntry":
        return _DerivedEntry(key, self._has, self._value)


class _DerivedEntry:
    def __init__(self, key: Any, has: Callable[[Any, str], bool], value: Callable[[Any, str], Any]) -> None:
        self._key, self._has, self._value = key, has, value

    def __bool__(self) -> bool:
        return True

    def __contains__(self, card_id: str) -> bool:
        return self._has(self._key, card_id)

    def __getitem__(self, card_id: str) -> Any:
        return self._value(self._key, card_id)


class _AnyName:
    """A set that holds every name."""

    def __contains__(self, name: object) -> bool:
        return True


class GameView:
    """A CompiledGame whose card-keyed tables record what is read.

    Attributes known to depend on game.yaml alone are passed through; the card-keyed tables are
    tracked by id; anything else (a table added later) counts as reading every card, so a new
    index can make the cache less useful but never wrong.
    """

    _GAME_ONLY = frozenset({"game", "directory", "game_file", "id", "rule_triggered", "rule_passives", "play_zones", "zone_of"})
    _BY_CARD_ID = frozenset({"cards", "sources", "triggered", "passives", "heard"})

    def __init__(self, game: Any, reads: Reads) -> None:
        self._game = game
        self._reads = reads
        self._tracked: dict[str, _TrackedMapping] = {}

    @cached_property
    def listeners(self) -> "_Derived":
        """CompiledGame.listeners, answered from the tracked `triggered` (a card asked about is read)."""
        triggered = self.__getattr__("triggered")
        return _Derived(lambda event, card_id: event in triggered.get(card_id, ()), lambda event, card_id: None)

    @cached_property
    def passives_by_hook(self) -> "_Derived":
        """CompiledGame.passives_by_hook, answered from the tracked `passives`."""
        passives = self.__getattr__("passives")

        def args(hook: str, card_id: str) -> list:
            return [e.passive_arg for _i, e in passives.get(card_id, []) if e.hook == hook]

        return _Derived(lambda hook, card_id: bool(args(hook, card_id)), args)

    @cached_property
    def hearers(self) -> "_Derived":
        """CompiledGame.hearers, answered from the tracked `heard`."""
        heard = self.__getattr__("heard")
        return _Derived(lambda trigger, card_id: trigger in heard.get(card_id, ()), lambda trigger, card_id: None)

    @cached_property
    def reach_passives(self) -> "_AnyName":
        """CompiledGame.reach_passives (the standing primitives some card aims at other players), as
        every name: the runtime then reads the other players' cards in play, through the tracked
        `passives`, and finds those aims itself (what it finds is the same; only cards read count)."""
        return _AnyName()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if name in self._BY_CARD_ID:
            if name not in self._tracked:
                self._tracked[name] = _TrackedMapping(getattr(self._game, name), self._reads)
            value = self._tracked[name]
        else:
            if name not in self._GAME_ONLY:
                self._reads.everything = True
            value = getattr(self._game, name)
        # Kept on the view: the next read is a plain attribute (what it records is recorded once, for good).
        setattr(self, name, value)
        return value


# ----------------------------------------------------------------------------- the caches

class NullCache:
    """No caching: every stage computes. The interface the pipeline calls."""

    enabled = False

    def parse(self, path: Path, display: str, parse: Callable[[Path, str], Parsed], model: Any) -> Parsed:
        return parse(path, display)

    def scope(self, game_file: str, kinds_of: dict[str, str]) -> str:
        return ""

    def resolved(self, scope: str, file: str, prefix: tuple, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
        return compute()

    def examples(self, game: Any, card_id: str, documents: dict[str, Document], compute: Callable) -> tuple[int, int, list[Diagnostic]]:
        return compute(game, card_id, documents)

    def text(self, game: Any, card_id: str, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
        return compute()

    def close(self) -> None:
        pass

    def prefork(self) -> None:
        """Before a fork (pipeline/parallel.py): read now what both processes will read."""

    def export(self) -> Any:
        """What a forked worker did to the cache, as plain data for `absorb` in the parent."""
        return None

    def absorb(self, exported: Any) -> None:
        """Take in a worker's `export`, as if this process had done its work."""


class Cache(NullCache):
    """The SQLite-backed cache of one project root. Open one per run; close() writes it back."""

    enabled = True

    def __init__(self, root: Path, reparse: bool = False) -> None:
        self.reparse = reparse  # never take parsed data from the cache (build: it reaches generated code)
        self._secret = b""
        self._junk: set[str] = set()
        self.directory = Path(root) / CACHE_DIR
        self.path = self.directory / DB_NAME
        self.fp = fingerprint()
        self.hashes: dict[str, str] = {}  # display path -> sha256 of the bytes read this run
        self.stats = {"hit": 0, "miss": 0, "bad": 0}
        self._pending: dict[str, tuple[str, str]] = {}
        self._used: set[str] = set()
        self._recent = _MEMORY.get(str(self.path), {})
        self._keep: dict[str, tuple[Any, int]] = {}
        self._all: dict[int, str] = {}
        self._memo: dict[tuple, str] = {}
        self._db: sqlite3.Connection | None = None
        self._rows: dict[str, tuple] | None = None
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
        for name in [DB_NAME + suffix for suffix in _SIDECARS] + [KEY_NAME]:
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
        """This cache's secret (created if missing, 0600, never through a link) and whether it is new."""
        path = self.directory / KEY_NAME
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(path, flags)
        except FileNotFoundError:
            fd = -1
        if fd >= 0:
            try:
                info = os.fstat(fd)
                text = os.read(fd, 65)
            finally:
                os.close(fd)
            if stat.S_ISREG(info.st_mode) and not info.st_mode & 0o077 and len(text) == 64:
                try:
                    return bytes.fromhex(text.decode("ascii")), False
                except ValueError:
                    pass
            os.unlink(path)  # readable by others, or not a key: a new one, and no entry signed by the old
        secret = secrets.token_bytes(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            os.write(fd, secret.hex().encode("ascii"))
        finally:
            os.close(fd)
        return secret, True

    def _sign(self, key: str, value: str) -> str:
        return hmac.new(self._secret, key.encode("utf-8", "surrogatepass") + b"\0" + value.encode("utf-8", "surrogatepass"),
                        hashlib.sha256).hexdigest()

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
                if not self._plain() or os.path.realpath(self.path) != os.path.join(os.path.realpath(self.directory), DB_NAME):
                    db.close()  # swapped for a link while we opened it
                    return
                db.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
                db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, sum TEXT NOT NULL, value TEXT NOT NULL, used INTEGER NOT NULL)")
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
                    db.close()  # type: ignore[possibly-undefined]
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
        for name, text in ((".gitignore", "# Created by ostraka: the incremental-check cache, never committed.\n*\n"),
                           ("CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n# Created by ostraka: the incremental-check cache.\n")):
            try:  # O_EXCL: never through a link, never over what is there
                fd = os.open(self.directory / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
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
        if self._rows is None:
            self._rows = self._read_rows()
        row = self._rows.pop(key, None)
        if row is None:
            return None
        checksum, value, used = row
        if (not isinstance(value, str) or not isinstance(checksum, str)
                or not hmac.compare_digest(self._sign(key, value), checksum)):
            return self._bad(key)
        try:
            return json.loads(value), int(used)
        except Exception:  # noqa: BLE001 - whatever does not decode (even a RecursionError) is a miss
            return self._bad(key)

    def _bad(self, key: str) -> None:
        self.stats["bad"] += 1
        self._junk.add(key)
        return None

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
                return self._bad(key)
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
            if not isinstance(value, str) or not isinstance(checksum, str) or not hmac.compare_digest(self._sign(key, value), checksum):
                self._junk.add(key)
        self._rows = None
        if db is None:
            return
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany("INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?)",
                           [(k, s, v, self._run) for k, (s, v) in self._pending.items()])
            db.executemany("UPDATE entries SET used = ? WHERE key = ?", [(self._run, k) for k in self._used - self._pending.keys()])
            # Long unused, or marked as used by a run far ahead (or by no run): junk. (A run a little
            # ahead is a concurrent check that finished first.)
            db.execute("DELETE FROM entries WHERE used < ? OR used > ? OR typeof(used) != 'integer'",
                       (self._run - KEEP_RUNS, self._run + KEEP_RUNS))
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

    def _key(self, *parts: Any) -> str:
        return _digest(self.fp, *parts)

    # ---------------------------------------------------------------- two processes (pipeline/parallel.py)

    def prefork(self) -> None:
        if self._db is not None and self._rows is None:
            self._rows = self._read_rows()
        self._shared = set(self._rows or ())

    def export(self) -> Any:
        taken = sorted(k for k in getattr(self, "_shared", ()) if k not in (self._rows or {}))
        return (self._pending, sorted(self._used), sorted(self._junk), self.stats, self.hashes, taken)

    def absorb(self, exported: Any) -> None:
        pending, used, junk, stats, hashes, taken = exported
        self._pending.update({str(k): (str(v[0]), str(v[1])) for k, v in pending.items()})
        self._used.update(used)
        self._junk.update(junk)
        for name, n in stats.items():
            self.stats[name] = self.stats.get(name, 0) + int(n)
        self.hashes.update(hashes)
        for key in taken:  # read by the worker: not "read but not asked for" here
            if self._rows is not None:
                self._rows.pop(key, None)

    # ---------------------------------------------------------------- parse

    def parse(self, path: Path, display: str, parse: Callable[[Path, str], Parsed], model: Any) -> Parsed:
        try:  # as the loader reads: no symlink, no FIFO, no more than the size limit
            raw = _read_regular(path, MAX_FILE_BYTES + 1)
        except OSError:
            return parse(path, display)
        sha = hashlib.sha256(raw).hexdigest()
        self.hashes[display] = sha
        key = self._key("parse", model.__name__, display, sha)
        found = None if self.reparse else self._lookup(key, lambda entry: self._parsed_from(entry, raw, display, model))
        if found is not None:
            self._hit(key)
            doc, problems, items = found
            return doc, list(problems), list(items)
        self.stats["miss"] += 1
        doc, problems, items = parse(path, display)
        # Store only what was parsed from these very bytes (the file may change while we read it).
        if doc.text.encode("utf-8", "surrogatepass") == raw:
            self._store(key, {
                "data": _enc(doc.data),
                # Kept as JSON text inside the entry: decoded only if a diagnostic needs it.
                "pos": json.dumps(_enc_positions(doc.positions), separators=(",", ":")),
                "kpos": json.dumps(_enc_positions(doc.key_positions), separators=(",", ":")),
                "diags": [diag_to_json(d) for d in problems],
                "ok": [list(prefix) for _item, prefix in items],
                "head": [[list(p), *doc.positions[p]] for p in self._head_paths(doc) if p in doc.positions],
            }, (doc, list(problems), list(items)))
        else:
            self.hashes[display] = ""
        return doc, problems, items

    @staticmethod
    def _head_paths(doc: Document) -> list[tuple]:
        prefixes = [(i,) for i in range(len(doc.data))] if isinstance(doc.data, list) else [()]
        return [p for prefix in prefixes for p in (prefix, prefix + ("id",))]

    @staticmethod
    def _parsed_from(entry: dict, raw: bytes, display: str, model: Any) -> Parsed:
        head = {tuple(path): (int(line), int(col)) for path, line, col in entry["head"]}
        if not isinstance(entry["pos"], str) or not isinstance(entry["kpos"], str):
            raise ValueError("positions are stored as text")
        doc = CachedDocument(display, _dec(entry["data"]), raw.decode("utf-8"), (entry["pos"], entry["kpos"]), head)
        problems = [diag_from_json(d) for d in entry["diags"]]
        items = []
        for prefix in entry["ok"]:
            prefix = tuple(prefix)
            items.append((model.model_validate(_at(doc.data, prefix)), prefix))
        return doc, problems, items

    # ---------------------------------------------------------------- resolve

    def scope(self, game_file: str, kinds_of: dict[str, str]) -> str:
        sha = self.hashes.get(game_file)
        if not sha:
            return ""
        return _digest(game_file, sha, sorted(kinds_of.items()))

    def resolved(self, scope: str, file: str, prefix: tuple, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
        sha = self.hashes.get(file)
        if not scope or not sha:
            return compute()
        key = self._key("resolve", scope, file, sha, list(prefix))
        return self._diagnostics(key, compute)

    def _diagnostics(self, key: str, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
        """A cached list of diagnostics, or compute and store it."""
        found = self._lookup(key, lambda entry: [diag_from_json(d) for d in entry])
        if found is not None:
            self._hit(key)
            return list(found)
        self.stats["miss"] += 1
        result = compute()
        self._store(key, [diag_to_json(d) for d in result], list(result))
        return result

    # ---------------------------------------------------------------- examples

    def _identity(self, game: Any, card_id: Any) -> str | None:
        """What a card looks like to an example: its file and that file's bytes (None: no such card)."""
        if not isinstance(card_id, str) or card_id not in game.cards:
            return None
        file = game.sources[card_id].file
        return f"{file}\0{self.hashes.get(file) or '?'}"

    def _everything(self, game: Any) -> str:
        if id(game) not in self._all:
            self._all[id(game)] = _digest(sorted((cid, self._identity(game, cid)) for cid in game.cards))
        return self._all[id(game)]

    def examples(self, game: Any, card_id: str, documents: dict[str, Document], compute: Callable) -> tuple[int, int, list[Diagnostic]]:
        own = self._identity(game, card_id)
        game_sha = self.hashes.get(game.game_file)
        if own is None or not self.hashes.get(game.sources[card_id].file) or not game_sha:
            return compute(game, card_id, documents)
        key = self._key("examples", game.game_file, game_sha, card_id, own)
        found = self._lookup(key, self._outcome_from)
        if found is not None:
            passed, failed, diags, seen_reads, seen_all = found
            if all(self._identity(game, cid) == seen for cid, seen in seen_reads) and (
                    seen_all is None or seen_all == self._everything(game)):
                self._hit(key)
                return passed, failed, list(diags)
        self.stats["miss"] += 1
        reads = Reads()
        passed, failed, diags = compute(GameView(game, reads), card_id, documents)
        ids = sorted(i for i in reads.ids if isinstance(i, str))
        if any(not isinstance(i, str) for i in reads.ids):
            reads.everything = True
        seen_reads = [(cid, self._identity(game, cid)) for cid in ids]
        seen_all = self._everything(game) if reads.everything else None
        self._store(key, {
            "passed": passed, "failed": failed, "diags": [diag_to_json(d) for d in diags],
            "reads": [list(pair) for pair in seen_reads], "all": seen_all,
        }, (passed, failed, list(diags), seen_reads, seen_all))
        return passed, failed, diags

    @staticmethod
    def _outcome_from(entry: dict) -> tuple:
        reads = [(str(cid), None if seen is None else str(seen)) for cid, seen in entry["reads"]]
        seen_all = entry["all"]
        if seen_all is not None and not isinstance(seen_all, str):
            raise ValueError("'all' is a digest")
        return int(entry["passed"]), int(entry["failed"]), [diag_from_json(d) for d in entry["diags"]], reads, seen_all


    # ---------------------------------------------------------------- text against effects

    def _names(self, game: Any) -> str:
        key = ("names", id(game))
        if key not in self._memo:
            self._memo[key] = _digest(sorted((cid, card.name, card.kind) for cid, card in game.cards.items()))
        return self._memo[key]

    def text(self, game: Any, card_id: str, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
        """One card's text check: its own file, game.yaml, and every card's id, name and kind
        (the vocabulary the check reads other cards through; see textcheck.check_card_text)."""
        own = self._identity(game, card_id)
        game_sha = self.hashes.get(game.game_file)
        if own is None or not self.hashes.get(game.sources[card_id].file) or not game_sha:
            return compute()
        key = self._key("text", game.game_file, game_sha, card_id, own, self._names(game))
        return self._diagnostics(key, compute)


def forget() -> None:
    """Drop what this process remembers of its last runs (the next run reads the cache file)."""
    for remembered in _MEMORY.values():
        remembered.clear()
    _MEMORY.clear()


def open_cache(root: Path, enabled: bool = True, reparse: bool = False) -> NullCache:
    """The cache of a project root, or no cache (disabled, or OSTRAKA_NO_CACHE set)."""
    if not enabled or os.environ.get("OSTRAKA_NO_CACHE"):
        return NullCache()
    return Cache(root, reparse)


__all__ = ["Cache", "NullCache", "GameView", "Reads", "open_cache", "forget", "fingerprint", "CACHE_DIR"]
