"""A selector's filter as the runtime applies it to the cards of a game.

A filter is either a test on one card, or the ids of every card it lets through, in the game's
order. Both paths start from a selector's plan (decide/selectors.py): the ids of the cards that
what the data fixes (ids, kinds, literal field values) lets through, as such an ordered set, plus
tests for what is read at run time. The generated code asks a dict instead of reading card fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..model.compiled import CompiledGame
from ..model.fields import field_value, holds  # noqa: F401  (field_value: read here by the runtime)

CardIds = dict[str, None]  # ids in the game's order: ordered, and `in` costs one hash
Match = CardIds | Callable[[Any], bool]


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


def narrow(game: CompiledGame, match: Match | None, name: str, wanted: Any) -> CardIds:
    """The cards of the filter (None: every card) whose field holds a wanted value, as a `where`
    compares; looked up in the game's index of field values rather than card by card."""
    cards = game.cards
    if wanted == []:  # `among` found no card: nothing is named
        return {}
    if name == "id" and isinstance(wanted, str):  # one card by its id (a move's card in hand)
        return {wanted: None} if wanted in cards and (match is None or allows(cards, match, wanted)) else {}
    having = game.cards_with(name, wanted)
    if having is None:  # values that cannot be hashed: compare each card
        having = [cid for cid in cards if holds(field_value(cards[cid], name), wanted)]
    return {cid: None for cid in having if match is None or allows(cards, match, cid)}


def keep(game: CompiledGame, ids: CardIds, test: Callable[[Any], bool]) -> CardIds:
    """The cards of a narrowed filter that also pass a test read on each card, tried once per search."""
    cards = game.cards
    return {cid: None for cid in ids if test(cards[cid])}
