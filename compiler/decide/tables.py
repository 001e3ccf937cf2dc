"""What a module works out once per game and keeps: tables held by the object they are about (a
compiled game's `tables`, a game.yaml model's), so that they live exactly as long as it does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def kept(owner: Any, key: str, make: Callable[[], T]) -> T:
    """What is worked out once for `owner` (a compiled game, or a game.yaml model) and kept with
    it, made on first use: it lives as long as the owner does (`owner.tables`)."""
    tables = owner.tables
    found = tables.get(key)
    if found is None:
        found = tables[key] = make()
    return found


def kept_for(owner: Any, key: str) -> dict:
    """The table kept with `owner` under `key`, made empty on first use (kept)."""
    return kept(owner, key, dict)


class Answers(dict):
    """card id -> whether the card passes a test, each card looked up when first asked about (a
    card's examples see only the cards they read: cache/gameview.py); cards never change."""

    def __init__(self, cards: Any, test: Callable[[Any], bool]) -> None:
        super().__init__()
        self.cards, self.test = cards, test

    def __missing__(self, card_id: str) -> bool:
        found = self[card_id] = self.test(self.cards[card_id])
        return found
