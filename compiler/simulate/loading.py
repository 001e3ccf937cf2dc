"""Finding a game for a simulation, with or without a variant of its card data applied."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..compiled import CompiledGame


class UsageError(ValueError):
    """A bad argument: one line, exit 2."""


class DataError(ValueError):
    """Card data (or a variant of it) with errors: located diagnostics, exit 1."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def load_game(root: Path, name: str, variant: str | None = None) -> "CompiledGame":
    from ..diagnostics import did_you_mean
    from ..project import load

    direct = root / "cards" / name
    if variant is not None:
        from .variants import load_variant

        return load_variant(root, name, Path(variant))
    run = load([direct] if (direct / "game.yaml").is_file() else [], root)
    found = [g for g in run.games if g.id == name or g.directory.name == name]
    if not found:
        known = sorted(d.name for d in (root / "cards").iterdir() if (d / "game.yaml").is_file()) if (root / "cards").is_dir() else []
        hint = did_you_mean(name, known)
        raise UsageError(f"no game '{name}'" + (f" ({hint})" if hint else ""))
    game = found[0]
    errors = [d for d in run.report.items if d.level.value == "error"]
    if errors:
        raise DataError(render(run, errors))
    if game.game.flow is None:
        raise UsageError(f"{game.game.name} has no flow in game.yaml yet: it cannot be played as a whole game")
    return game


def render(run, diagnostics) -> str:
    from ..diagnostics import render_text

    lines = []
    for d in sorted(diagnostics, key=lambda d: (d.file, d.line, d.column)):
        doc = run.documents.get(d.file)
        lines.append(render_text(d, doc.line_text(d.line) if doc else None))
    return "\n".join(lines)
