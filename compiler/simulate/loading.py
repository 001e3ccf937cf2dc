"""Finding a game for a simulation, with or without a variant of its card data applied."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .errors import DataError, UsageError, render  # noqa: F401  (the names callers import from here)

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame


def load_game(root: Path, name: str, variant: str | None = None) -> CompiledGame:
    """The game named by its id or directory (targets.py, as every command names games), loaded
    alone; with a variant file, that variant of it (variants.py)."""
    from ..pipeline.project import load
    from ..tools.targets import game_dir, no_game

    directory = game_dir(name, root)
    if directory is None:
        raise UsageError(str(no_game(name, root).diagnostic.message) + _hint(no_game(name, root).diagnostic.hint))
    if variant is not None:
        from .variants import load_variant

        return load_variant(root, directory.name, Path(variant))
    run = load([directory], root)
    errors = [d for d in run.report.items if d.level.value == "error"]
    if errors:
        raise DataError(render(run, errors))
    if not run.games:  # pragma: no cover - a game directory without errors loads its game
        raise UsageError(f"no game '{name}'")
    game = run.games[0]
    if game.game.flow is None:
        raise UsageError(f"{game.game.name} has no flow in game.yaml yet: it cannot be played as a whole game")
    return game


def _hint(hint: str) -> str:
    return f" ({hint})" if hint else ""
