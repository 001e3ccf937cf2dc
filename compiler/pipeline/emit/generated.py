"""Writing generated/: the resolved card set of every game as JSON, atomically and reproducibly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ... import LANGUAGE_VERSION
from ...model.compiled import CompiledGame
from ...render.english import English
from ..project import Run


def card_records(game: CompiledGame) -> list[dict[str, Any]]:
    en = English(game.game, game.cards)
    records = []
    for card_id, card in game.cards.items():
        source = game.sources[card_id]
        records.append(
            {
                "id": card.id,
                "name": card.name,
                "kind": card.kind,
                "fields": dict(card.fields),
                "reconstructed": list(card.reconstructed),
                "text": card.text.strip(),
                "rendered": en.card(card),
                "effects": [
                    e.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True) for e in card.effects
                ],
                "examples": len(card.examples),
                "source": {"file": source.file, "line": source.line, "column": source.column},
            }
        )
    return records


def game_outputs(game: CompiledGame) -> dict[str, str]:
    """The files of one game, relative to generated/<game>/, with their exact text."""
    compiled = {
        "game": game.game.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True),
        "language_version": LANGUAGE_VERSION,
        "cards": card_records(game),
    }
    from ...codegen.generator import render as render_handlers
    from ...render.sheet import render_sheet

    return {
        "cards.json": json.dumps(compiled, indent=2, sort_keys=True, ensure_ascii=False, default=str) + "\n",
        "handlers.py": render_handlers(game),
        "sheet.html": render_sheet(game),
    }


def all_outputs(run: Run) -> dict[str, str]:
    """Every file of generated/, the stamp that marks it as a build's own included (atomic.py)."""
    from .atomic import STAMP_NAME, STAMP_TEXT

    files: dict[str, str] = {STAMP_NAME: STAMP_TEXT}
    for game in sorted(run.games, key=lambda g: g.id):
        for name, text in game_outputs(game).items():
            files[f"{game.id}/{name}"] = text
    return files


def drift(run: Run, target: Path, expected: dict[str, str] | None = None) -> list[str]:
    """The files under target that differ from a build's (`expected`, default: all_outputs(run))."""
    expected = all_outputs(run) if expected is None else expected
    stale = []
    for rel, text in expected.items():
        path = target / rel
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(rel)
    if target.is_dir():
        for path in sorted(target.rglob("*")):
            rel = path.relative_to(target).as_posix()
            # Importing or byte-compiling a generated module leaves __pycache__/: Python's, not the build's.
            if path.is_file() and rel not in expected and "__pycache__" not in path.relative_to(target).parts:
                stale.append(f"{rel} (not produced by a build)")
    return stale


def write_outputs(run: Run, target: Path, files: dict[str, str] | None = None, started: int | None = None) -> int:
    """Write every file into a fresh directory beside target, then swap it in atomically.

    The swap (compiler/atomic.py) holds a lock and exchanges the two directories in one step, so
    a build killed at any moment leaves the previous output whole and concurrent builds serialise;
    it refuses a target that is not a build's own (E701) and drops output older than what is in place.
    """
    from .atomic import replace_dir

    return replace_dir(target, all_outputs(run) if files is None else files, started)
