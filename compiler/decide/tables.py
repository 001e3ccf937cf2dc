"""What a module works out once per game and keeps: a table per game.yaml (the Game model) or per
compiled game, found by that object."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

_KEPT = 256  # games kept at most per module (a test session loads hundreds)
T = TypeVar("T")


def kept(tables: dict[int, tuple[Any, Any]], owner: Any, make: Callable[[], T]) -> T:
    """What `tables` keeps for one object (a Game model, a compiled game), made on first use. The
    object is kept with it, so that its id stays its own."""
    entry = tables.get(id(owner))
    if entry is None or entry[0] is not owner:
        if len(tables) > _KEPT:
            tables.clear()
        entry = tables[id(owner)] = (owner, make())
    return entry[1]


def kept_for(tables: dict[int, tuple[Any, dict]], owner: Any) -> dict:
    """The table kept in `tables` for one object, made empty on first use (kept)."""
    return kept(tables, owner, dict)


class Answers(dict):
    """card id -> whether the card passes a test, each card looked up when first asked about (a
    card's examples see only the cards they read: cache/gameview.py); cards never change."""

    def __init__(self, cards: Any, test: Callable[[Any], bool]) -> None:
        super().__init__()
        self.cards, self.test = cards, test

    def __missing__(self, card_id: str) -> bool:
        found = self[card_id] = self.test(self.cards[card_id])
        return found
