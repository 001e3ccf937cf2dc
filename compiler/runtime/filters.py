"""A selector's filter as the runtime applies it to the cards of a game.

A filter is either a test on one card, or the ids of every card it lets through, in the game's
order. The interpreter makes tests (Context._matches); the code generator folds what a selector
fixes in the data (ids, kinds, literal field values) into such an ordered set of ids at build
time, so that the generated code asks a dict instead of reading card fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Union

if TYPE_CHECKING:  # pragma: no cover
    from ..compiled import CompiledGame

CardIds = dict[str, None]  # ids in the game's order: ordered, and `in` costs one hash
Match = Union[CardIds, Callable[[Any], bool]]


def field_value(card: Any, name: str) -> Any:
    """What a selector's `where` reads: id, name and kind are the card's own, the rest its fields."""
    return getattr(card, name) if name in ("id", "name", "kind") else card.fields.get(name)


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
    a set of values, contains a word of a text (any case)."""
    number = isinstance(value, int) and not isinstance(value, bool)
    for test, wanted in tests.items():
        if test == "at_least" and not (number and value >= wanted):
            return False
        if test == "at_most" and not (number and value <= wanted):
            return False
        if test == "one_of" and value not in wanted:
            return False
        if test == "contains" and not (isinstance(value, str) and str(wanted).lower() in _words(value)):
            return False
    return True


def _words(text: str) -> set[str]:
    import re

    words = re.findall(r"[\w']+", text.lower())
    return set(words) | {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 2, min(len(words), i + 4) + 1)}


def card_ids(ids: tuple[str, ...]) -> CardIds:
    """The ordered set a generated module holds for a filter folded at build time."""
    return dict.fromkeys(ids)


def matching(cards: Mapping[str, Any], match: Match) -> list[str]:
    """The ids of every card of the game that the filter lets through, in the game's order."""
    if isinstance(match, dict):
        return list(match)
    return [card.id for card in cards.values() if match(card)]


def allows(cards: Mapping[str, Any], match: Match, card_id: str) -> bool:
    if isinstance(match, dict):
        return card_id in match
    return match(cards[card_id])


def narrow(game: "CompiledGame", match: Match | None, name: str, wanted: Any) -> CardIds:
    """The cards of the filter (None: every card) whose field holds a wanted value, as a `where`
    compares; looked up in the game's index of field values rather than card by card."""
    cards = game.cards
    having = game.cards_with(name, wanted)
    if having is None:  # values that cannot be hashed: compare each card
        having = [cid for cid in cards if holds(field_value(cards[cid], name), wanted)]
    return {cid: None for cid in having if match is None or allows(cards, match, cid)}
