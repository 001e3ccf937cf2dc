"""The project as the editor sees it: the files on disk with the unsaved texts of the open ones,
checked through the same cache and pipeline as `ostraka check` and `ostraka watch`.

A check re-reads only what the editor said changed (load/sources.py `Tracked`) and finds
everything else in the cache's memory, so it costs what changed. After each check the findings are
grouped by file; the games that compiled are kept, and a game whose file has become unreadable
(a half-typed line) keeps serving the cards of its last good model until the file loads again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cache.cache import open_cache
from ..core.diagnostics import Diagnostic
from ..load.loader import Document
from ..load.sources import Tracked
from ..model.compiled import CompiledGame, Source
from ..pipeline.check.checks import check_all
from ..pipeline.project import GAME_FILE, Run, load


def project_root(start: Path) -> Path:
    """The project holding `start`: the nearest folder with cards/ in it (else `start` itself)."""
    start = start.resolve()
    return next((d for d in [start, *start.parents] if (d / "cards").is_dir()), start)


@dataclass
class Model:
    """What hover, definitions and completion read of one game: the last that compiled, with every
    card it had (a card whose file is broken now stays as it last loaded)."""

    game: CompiledGame
    cards: dict[str, Any] = field(default_factory=dict)  # id -> Card
    sources: dict[str, Source] = field(default_factory=dict)  # id -> where it is defined


class Workspace:
    def __init__(self, root: Path, cache: bool = True) -> None:
        self.root = project_root(root)
        self.sources = Tracked()
        self.use_cache = cache
        self.run: Run | None = None
        self.findings: dict[str, list[Diagnostic]] = {}  # display path -> its findings
        self.models: dict[Path, Model] = {}  # game folder -> its last good model
        self.documents: dict[str, Document] = {}  # display path -> the last document that loaded
        self.unplaced: list[Diagnostic] = []  # findings that belong to no file

    # ---------------------------------------------------------------- paths

    def display(self, path: Path) -> str:
        return os.path.relpath(path, self.root)

    def path(self, display: str) -> Path:
        return (self.root / display).resolve() if not os.path.isabs(display) else Path(display)

    def game_dir(self, path: Path) -> Path | None:
        """The game folder a file belongs to (the nearest folder above it with game.yaml)."""
        for folder in path.parents:
            if (folder / GAME_FILE).is_file() or (folder / GAME_FILE) in self.sources.texts:
                return folder
            if folder == self.root:
                break
        return None

    # ---------------------------------------------------------------- the editor's notifications

    def open(self, path: Path, text: str) -> None:
        self.sources.open(path, text)

    def change(self, path: Path, text: str) -> None:
        self.sources.open(path, text)

    def close(self, path: Path) -> None:
        self.sources.close(path)

    def changed_on_disk(self, paths: list[Path]) -> None:
        self.sources.changed(paths)

    # ---------------------------------------------------------------- checking

    def check(self) -> dict[str, list[Diagnostic]]:
        """Check every game of the project as the editor sees it; the findings by display path."""
        store = open_cache(self.root, self.use_cache)
        try:
            run = load([], self.root, store, self.sources)
            check_all(run)
        finally:
            store.close()
        self.run = run
        findings: dict[str, list[Diagnostic]] = {}
        self.unplaced = []
        for d in run.report.sorted():
            if d.file and d.line:
                findings.setdefault(d.file, []).append(d)
            elif d.file:
                findings.setdefault(d.file, []).append(d)
            else:
                self.unplaced.append(d)
        self.findings = findings
        for name, doc in run.documents.items():
            if doc.data is not None:
                self.documents[name] = doc
        for game in run.games:
            self._keep(game)
        return findings

    def _keep(self, game: CompiledGame) -> None:
        old = self.models.get(game.directory)
        model = Model(game, dict(game.cards), dict(game.sources))
        if old is not None:
            broken = {d.file for ds in self.findings.values() for d in ds if d.code.startswith("E1")}
            for cid, card in old.cards.items():  # a card whose file does not load now: as it last loaded
                if cid not in model.cards and old.sources[cid].file in broken:
                    model.cards[cid] = card
                    model.sources[cid] = old.sources[cid]
        self.models[game.directory] = model

    def model_for(self, path: Path) -> Model | None:
        folder = self.game_dir(path)
        return self.models.get(folder) if folder is not None else None

    def text_of(self, path: Path) -> str:
        """The file's text as the editor has it (the unsaved text, else the disk's)."""
        if path in self.sources.texts:
            return self.sources.texts[path]
        try:
            return self.sources.read(path).decode("utf-8", "replace")
        except OSError:
            return ""

    def document(self, path: Path) -> Document | None:
        """The file's document as it last loaded (positions and data), if it ever did."""
        return self.documents.get(self.display(path))
