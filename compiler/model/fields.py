"""How a selector's `where` reads a card's field and compares it with what is wanted.

The model layer's (beside compiled.py, which indexes cards by these values): the interpreter, the
code generator and the game's index all compare the same way.
"""

from __future__ import annotations

import re
from typing import Any

# A card's own attributes (always a string); every other field is read from its `fields`.
OWN_FIELDS = ("id", "name", "kind")


def extra_field(card: Any, name: str) -> Any:
    """A field of its kind's, as `card.fields` holds it, read without making that read-only view
    (the runtime reads fields constantly)."""
    extra = card.__pydantic_extra__
    return extra.get(name) if extra else None


def field_value(card: Any, name: str) -> Any:
    """What a selector's `where` reads: id, name and kind are the card's own, the rest its fields."""
    return getattr(card, name) if name in OWN_FIELDS else card.fields.get(name)


def items(have: Any) -> list:
    """What a `where` compares of a field value: each item of a list, each noun of a cost (with a
    positive amount: a tile that produces food holds food), else the value itself."""
    if isinstance(have, list):
        return have
    if isinstance(have, dict):
        return [noun for noun, n in have.items() if n]
    return [have]


def holds(have: Any, wanted: Any) -> bool:
    """A `where` test: the value, or any item of a list value, is the wanted one or one of a wanted
    list; a comparison (`{at_least: 2}`, a mapping of tests, already evaluated) holds for some item."""
    if isinstance(wanted, dict):
        return any(passes(h, wanted) for h in items(have))
    allowed = wanted if isinstance(wanted, list) else [wanted]
    return any(h in allowed for h in items(have))


def passes(value: Any, tests: dict) -> bool:
    """Every test of a `where` comparison on one value: at_least and at_most on whole numbers, one_of
    a set of values, contains a word of a text (any case), among the ids of the cards a selector found."""
    number = isinstance(value, int) and not isinstance(value, bool)
    for test, wanted in tests.items():
        if test == "at_least" and not (number and value >= wanted):
            return False
        if test == "at_most" and not (number and value <= wanted):
            return False
        if test in ("one_of", "among") and value not in wanted:
            return False
        if test == "contains" and not (isinstance(value, str) and str(wanted).lower() in _words(value)):
            return False
    return True


def _words(text: str) -> set[str]:
    words = re.findall(r"[\w']+", text.lower())
    return set(words) | {
        " ".join(words[i:j]) for i in range(len(words)) for j in range(i + 2, min(len(words), i + 4) + 1)
    }
