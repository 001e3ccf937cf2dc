"""Decks by player count, as the game's `deck` section describes them."""

from __future__ import annotations

import random

from ..core.diagnostics import Diagnostic
from ..core.limits import Runaway
from ..model.compiled import CompiledGame
from .decider import FirstLegal
from .interpreter import Context
from .state import Illegal, new_state


class DeckError(Exception):
    pass


def draw_count(game: CompiledGame, index: int, players: int) -> int:
    """How many cards draw `index` of the deck deals at a player count (DeckError if it cannot say)."""
    state = new_state(game.game, players)
    ctx = Context(game, state, FirstLegal(), actor=state.players[0], owner=state.players[0])
    if game.game.deck is None:
        raise DeckError(f"game '{game.id}' declares no deck")
    try:
        count = ctx.amount(game.game.deck.draws[index].count)
    except (Illegal, Runaway, ArithmeticError) as exc:
        raise DeckError(
            f"the count of deck draw {index + 1} cannot be worked out for {players} players: {exc}"
        ) from None
    if count < 0:
        raise DeckError(f"deck draw {index + 1} draws {count} cards for {players} players: a count cannot be negative")
    return count


def check_draws(game: CompiledGame, document) -> list[Diagnostic]:
    """Each draw's count for every player count the game allows (at most MAX_PLAYERS): one that is
    negative or cannot be worked out is an error at the count, found by `check`, not by `deck`."""
    spec = game.game.deck
    out: list[Diagnostic] = []
    for index, _draw in enumerate(spec.draws if spec is not None else ()):
        for players in range(game.game.players.min, game.game.players.max + 1):
            try:
                draw_count(game, index, players)
            except DeckError as exc:
                line, col = document.where(("deck", "draws", index, "count")) if document is not None else (0, 0)
                out.append(
                    Diagnostic(
                        "E205",
                        str(exc),
                        game.game_file,
                        line,
                        col,
                        "make the count at least 0 for every player count (e.g. max: [0, ...])",
                    )
                )
                break
    return out


def deck_parts(game: CompiledGame, players: int, key: int) -> tuple[list[str], list[tuple[list[str], int]]]:
    """A deck before chance: the cards it always holds (copies by player count), and each draw as
    (the candidates, how many of them join at random). The game runner (runtime/flow.py) draws
    those as chance events; build_deck draws them with a seed."""
    spec = game.game.deck
    if spec is None:
        raise DeckError(f"game '{game.id}' declares no deck")
    if not game.game.players.min <= players <= game.game.players.max:
        raise DeckError(f"{game.game.name} is played by {game.game.players.min} to {game.game.players.max} players")
    pool = [c for c in game.cards.values() if c.kind in spec.kinds and c.fields.get(spec.key) == key]
    if not pool:
        raise DeckError(f"no card has {spec.key} {key}")
    draws: list[tuple[list[str], int]] = []
    drawn_ids: set[str] = set()
    for index, draw in enumerate(spec.draws):
        wanted = {f: v if isinstance(v, list) else [v] for f, v in draw.where.items()}
        candidates = [c.id for c in pool if all(c.fields.get(f) in values for f, values in wanted.items())]
        drawn_ids.update(candidates)
        count = draw_count(game, index, players)
        if candidates:
            if count > len(candidates):
                raise DeckError(f"{count} cards to draw but only {len(candidates)} can be drawn")
            draws.append((candidates, count))
    fixed: list[str] = []
    for card in pool:
        if card.id in drawn_ids:
            continue
        marks = card.fields.get(spec.copies) or []
        fixed += [card.id] * sum(1 for m in marks if m <= players)
    return fixed, draws


def build_deck(game: CompiledGame, players: int, key: int, seed: int) -> list[str]:
    fixed, draws = deck_parts(game, players, key)
    rng = random.Random(seed)
    deck: list[str] = []
    for candidates, count in draws:
        deck += rng.sample(candidates, count)
    return fixed + deck
