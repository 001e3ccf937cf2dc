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
of the compiler itself, so editing the interpreter invalidates all outcomes. The entries are signed
and stored by cache_store.py, encoded by cache_codec.py; the view of the game that records what
examples read is gameview.py. `build` does not
take parsed data from the cache (`reparse`): what reaches the generated code is always parsed
from the card files themselves. The cache changes how fast a check runs, never what it reports.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.diagnostics import Diagnostic
from ..load.loader import MAX_FILE_BYTES, Document, _read_regular
from ..model.compiled import modified_params
from .codec import CachedDocument, _at, _dec, _enc, _enc_positions, diag_from_json, diag_to_json, digest
from .fingerprint import code_fingerprint
from .gameview import GameView, Reads
from .key import key_path
from .store import CACHE_DIR, DB_NAME, SignedEntries, forget

FORMAT = "1"  # the layout of entries; bump on any change to what is stored

Parsed = tuple[Document, list[Diagnostic], list[tuple[Any, tuple]]]


def fingerprint() -> str:
    """Everything besides the data that can change a result: versions and the compiler's source."""
    import compiler

    return digest(FORMAT, compiler.LANGUAGE_VERSION, code_fingerprint())


class NullCache:
    """No caching: every stage computes. The interface the pipeline calls."""

    enabled = False

    def parse(
        self, path: Path, display: str, parse: Callable[[Path, str], Parsed], model: Any, read: Callable | None = None
    ) -> Parsed:
        return parse(path, display)

    def scope(self, game_file: str, kinds_of: dict[str, str]) -> str:
        return ""

    def resolved(
        self, scope: str, file: str, prefix: tuple, compute: Callable[[], list[Diagnostic]]
    ) -> list[Diagnostic]:
        return compute()

    def examples(
        self, game: Any, card_id: str, documents: dict[str, Document], compute: Callable, reads: Reads | None = None
    ) -> tuple[int, int, list[Diagnostic]]:
        """One card's examples; `reads` (if given) receives what they read of the game (gameview.py)."""
        if reads is not None:
            return compute(GameView(game, reads), card_id, documents)
        return compute(game, card_id, documents)

    def text(self, game: Any, card_id: str, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
        return compute()

    def flow(self, game: Any, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
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


class Cache(SignedEntries, NullCache):
    """The SQLite-backed cache of one project root. Open one per run; close() writes it back."""

    enabled = True

    def __init__(self, root: Path, reparse: bool = False) -> None:
        self.reparse = reparse  # never take parsed data from the cache (build: it reaches generated code)
        self.hashes: dict[str, str] = {}  # display path -> sha256 of the bytes read this run
        self._all: dict[int, str] = {}
        self._memo: dict[tuple, str] = {}
        super().__init__(root, fingerprint())

    def _key(self, *parts: Any) -> str:
        return digest(self.fp, *parts)

    def export(self) -> Any:
        return (super().export(), self.hashes)

    def absorb(self, exported: Any) -> None:
        entries, hashes = exported
        super().absorb(entries)
        self.hashes.update(hashes)

    # ---------------------------------------------------------------- parse

    def parse(
        self, path: Path, display: str, parse: Callable[[Path, str], Parsed], model: Any, read: Callable | None = None
    ) -> Parsed:
        """`read` (load/sources.py) gives the file's bytes, as `parse` reads them; default: the disk."""
        try:  # as the loader reads: no symlink, no FIFO, no more than the size limit
            raw = read(path) if read is not None else _read_regular(path, MAX_FILE_BYTES + 1)
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
            self._store(
                key,
                {
                    "data": _enc(doc.data),
                    # Kept as JSON text inside the entry: decoded only if a diagnostic needs it.
                    "pos": json.dumps(_enc_positions(doc.positions), separators=(",", ":")),
                    "kpos": json.dumps(_enc_positions(doc.key_positions), separators=(",", ":")),
                    "diags": [diag_to_json(d) for d in problems],
                    "ok": [list(prefix) for _item, prefix in items],
                    "head": [[list(p), *doc.positions[p]] for p in self._head_paths(doc) if p in doc.positions],
                },
                (doc, list(problems), list(items)),
            )
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
        return digest(game_file, sha, sorted(kinds_of.items()))

    def resolved(
        self, scope: str, file: str, prefix: tuple, compute: Callable[[], list[Diagnostic]]
    ) -> list[Diagnostic]:
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
            self._all[id(game)] = digest(sorted((cid, self._identity(game, cid)) for cid in game.cards))
        return self._all[id(game)]

    def examples(
        self, game: Any, card_id: str, documents: dict[str, Document], compute: Callable, reads: Reads | None = None
    ) -> tuple[int, int, list[Diagnostic]]:
        own = self._identity(game, card_id)
        game_sha = self.hashes.get(game.game_file)
        if own is None or not self.hashes.get(game.sources[card_id].file) or not game_sha:
            return NullCache.examples(self, game, card_id, documents, compute, reads)
        key = self._key("examples", game.game_file, game_sha, card_id, own)
        found = self._lookup(key, self._outcome_from)
        if found is not None:
            passed, failed, diags, seen_reads, seen_all = found
            if all(self._identity(game, cid) == seen for cid, seen in seen_reads) and (
                seen_all is None or seen_all == self._everything(game)
            ):
                self._hit(key)
                if reads is not None:  # what the examples read, as they read it when the entry was made
                    reads.ids.update(cid for cid, _seen in seen_reads)
                    reads.everything = reads.everything or seen_all is not None
                return passed, failed, list(diags)
        self.stats["miss"] += 1
        reads = reads if reads is not None else Reads()
        passed, failed, diags = compute(GameView(game, reads), card_id, documents)
        ids = sorted(i for i in reads.ids if isinstance(i, str))
        if any(not isinstance(i, str) for i in reads.ids):
            reads.everything = True
        seen_reads = [(cid, self._identity(game, cid)) for cid in ids]
        seen_all = self._everything(game) if reads.everything else None
        self._store(
            key,
            {
                "passed": passed,
                "failed": failed,
                "diags": [diag_to_json(d) for d in diags],
                "reads": [list(pair) for pair in seen_reads],
                "all": seen_all,
            },
            (passed, failed, list(diags), seen_reads, seen_all),
        )
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
            # and the rule numbers cards change: the English names those and tells the rest by value
            named = sorted((cid, card.name, card.kind) for cid, card in game.cards.items())
            self._memo[key] = digest(named, sorted(modified_params(game.cards, game.game.rules)))
        return self._memo[key]

    def text(self, game: Any, card_id: str, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
        """One card's text check: its own file, game.yaml, and every card's id, name and kind and
        the rule numbers cards change (what the check reads other cards through; see
        textcheck.check_card_text)."""
        own = self._identity(game, card_id)
        game_sha = self.hashes.get(game.game_file)
        if own is None or not self.hashes.get(game.sources[card_id].file) or not game_sha:
            return compute()
        key = self._key("text", game.game_file, game_sha, card_id, own, self._names(game))
        return self._diagnostics(key, compute)

    def flow(self, game: Any, compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
        """The check-time game of a flow (check/flowgame.py): played again only when game.yaml or a card changed."""
        game_sha = self.hashes.get(game.game_file)
        if not game_sha:
            return compute()
        return self._diagnostics(self._key("flow", game.game_file, game_sha, self._everything(game)), compute)


def open_cache(root: Path, enabled: bool = True, reparse: bool = False) -> NullCache:
    """The cache of a project root, or no cache (disabled, or OSTRAKA_NO_CACHE set)."""
    if not enabled or os.environ.get("OSTRAKA_NO_CACHE"):
        return NullCache()
    return Cache(root, reparse)


__all__ = [
    "Cache",
    "NullCache",
    "GameView",
    "Reads",
    "open_cache",
    "forget",
    "fingerprint",
    "CACHE_DIR",
    "DB_NAME",
    "key_path",
]
