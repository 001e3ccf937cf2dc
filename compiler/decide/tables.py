"""What a module works out once per game.yaml and keeps: a table per game, found by the Game model."""

from __future__ import annotations

from typing import Any

_KEPT = 256  # games kept at most per module (a test session loads hundreds)


def of_rules(tables: dict[int, tuple[Any, dict]], rules: Any) -> dict:
    """The table kept in `tables` for one game.yaml (the Game model `rules`), made empty on first
    use. The model is kept with its table, so that its id stays its own."""
    entry = tables.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(tables) > _KEPT:
            tables.clear()
        entry = tables[id(rules)] = (rules, {})
    return entry[1]
