"""Decks by player count, as the game's `deck` section describes them."""

from __future__ import annotations

import random

from .compiled import CompiledGame
from .runtime.interpreter import Context
from .runtime.decider import FirstLegal
from .runtime.state import new_state


class DeckError(Exception):
    pass


def build_deck(game: CompiledGame, players: int, key: int, seed: int) -> list[str]:
    spec = game.game.deck
    if spec is None:
        raise DeckError(f"game '{game.id}' declares no deck")
    if not game.game.players.min <= players <= game.game.players.max:
        raise DeckError(f"{game.game.name} is played by {game.game.players.min} to {game.game.players.max} players")
    pool = [c for c in game.cards.values() if c.kind in spec.kinds and c.fields.get(spec.key) == key]
    if not pool:
        raise DeckError(f"no card has {spec.key} {key}")
    deck: list[str] = []
    drawn_ids: set[str] = set()
    state = new_state(game.game, players)
    ctx = Context(game, state, FirstLegal(), actor=state.players[0], owner=state.players[0])
    rng = random.Random(seed)
    for draw in spec.draws:
        def matches(card) -> bool:
            return all(card.fields.get(f) in (v if isinstance(v, list) else [v]) for f, v in draw.where.items())
        candidates = [c.id for c in pool if matches(c)]
        drawn_ids.update(candidates)
        count = ctx.amount(draw.count)
        if candidates:
            if count > len(candidates):
                raise DeckError(f"{count} cards to draw but only {len(candidates)} can be drawn")
            deck += rng.sample(candidates, count)
    ordered: list[str] = []
    for card in pool:
        if card.id in drawn_ids:
            continue
        marks = card.fields.get(spec.copies) or []
        ordered += [card.id] * sum(1 for m in marks if m <= players)
    return ordered + deck
