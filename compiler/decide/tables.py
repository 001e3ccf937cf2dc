"""What a module works out once per game and keeps: a table per game.yaml (the Game model) or per
compiled game, found by that object."""

from __future__ import annotations

from typing import Any

_KEPT = 256  # games kept at most per module (a test session loads hundreds)


def kept_for(tables: dict[int, tuple[Any, dict]], owner: Any) -> dict:
    """The table kept in `tables` for one object (a Game model, a compiled game), made empty on
    first use. The object is kept with its table, so that its id stays its own."""
    entry = tables.get(id(owner))
    if entry is None or entry[0] is not owner:
        if len(tables) > _KEPT:
            tables.clear()
        entry = tables[id(owner)] = (owner, {})
    return entry[1]
