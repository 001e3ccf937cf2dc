"""What a word of card data names, where that is defined and where it is used.

Words are read from the text as the editor has it, so that a half-typed file still gets answers
from the game's last good model: a card id, one of game.yaml's nouns (a resource, counter, track,
zone, kind, trigger, param, relation), a field of a kind, or a primitive of the language. A word
followed by a colon is a key (a primitive or a field is preferred); any other word is a value (a
card id is preferred).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..lang.registry import REGISTRY
from ..load.loader import Document

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
NUMBER = re.compile(r"-?\d+")

# game.yaml's sections of names, and what one of their names is called
SECTIONS = {
    "resources": "resource",
    "counters": "counter",
    "tracks": "track",
    "globals": "global counter",
    "zones": "zone",
    "kinds": "kind",
    "triggers": "trigger",
    "params": "param",
    "relations": "relation",
}
FAMILIES = ("action", "expression", "condition", "passive")


@dataclass(frozen=True)
class Symbol:
    what: str  # "card", a SECTIONS value, "field", "primitive"
    name: str
    section: str = ""  # game.yaml's section (nouns), the kind (fields), the family (primitives)


def token_at(line: str, char: int, pattern: re.Pattern = WORD) -> tuple[str, int, int] | None:
    """The word (or number) of a line that the cursor is in or just after: (text, start, end)."""
    for match in pattern.finditer(line):
        if match.start() <= char <= match.end():
            return match.group(0), match.start(), match.end()
    return None


def is_key(line: str, end: int) -> bool:
    rest = line[end:]
    return rest.lstrip(" ").startswith(":") and not rest.lstrip(" ").startswith("::")


def primitive(name: str) -> tuple[str, Any] | None:
    for family in FAMILIES:
        cls = REGISTRY.get(family, {}).get(name)
        if cls is not None:
            return family, cls
    return None


def nouns(game: Any) -> Iterator[tuple[str, str, Any]]:
    """(section, name, its declaration) for every name game.yaml declares."""
    for section in SECTIONS:
        for name, spec in (getattr(game, section, None) or {}).items():
            yield section, name, spec


def classify(game: Any, cards: dict[str, Any], word: str, key: bool, kind: str | None = None) -> Symbol | None:
    """What `word` names in a game (`kind`: the kind of the card being edited, for its fields)."""
    found_noun = next((Symbol(SECTIONS[s], word, s) for s, name, _spec in nouns(game) if name == word), None)
    field = None
    if kind and game is not None and kind in game.kinds and word in game.kinds[kind].fields:
        field = Symbol("field", word, kind)
    elif game is not None:
        field = next((Symbol("field", word, k) for k, spec in game.kinds.items() if word in spec.fields), None)
    prim = primitive(word)
    prim_symbol = Symbol("primitive", word, prim[0]) if prim else None
    card = Symbol("card", word) if word in cards else None
    order = [prim_symbol, field, found_noun, card] if key else [card, found_noun, prim_symbol, field]
    return next((s for s in order if s is not None), None)


def walk(doc: Document) -> Iterator[tuple[tuple, Any, bool]]:
    """Every (data path, value, whether the path's last part is a key) of a document with positions."""
    data = doc.data
    for path in doc.key_positions:
        if path:
            yield path, path[-1], True
    for path in doc.positions:
        value = data
        try:
            for part in path:
                value = value[part]
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(value, dict | list):
            yield path, value, False


def uses(doc: Document, symbol: Symbol) -> Iterator[tuple[int, int]]:
    """Where a document names the symbol: (line, column), 1-based."""
    for path, value, key in walk(doc):
        if value != symbol.name:
            continue
        if symbol.what == "card" and key:
            continue
        if symbol.what == "primitive" and not key:
            continue
        yield doc.key_positions[path] if key else doc.positions[path]


def definition(game_doc: Document | None, symbol: Symbol) -> tuple[int, int] | None:
    """Where game.yaml declares a noun or a kind's field (line, column)."""
    if game_doc is None:
        return None
    if symbol.what == "field":
        path: tuple = ("kinds", symbol.section, "fields", symbol.name)
    elif symbol.section in SECTIONS:
        path = (symbol.section, symbol.name)
    else:
        return None
    return game_doc.key_positions.get(path)


def path_at(doc: Document, line: int, col: int) -> tuple | None:
    """The data path of the value written at (line, column), 1-based; None if no value starts there."""
    found = [path for path, where in doc.positions.items() if where == (line, col)]
    return max(found, key=len) if found else None
