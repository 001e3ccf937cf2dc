"""`check` plays each game's flow once, so that a flow that cannot end is found before a designer runs it.

One seeded game at the fewest players, on the interpreter, every decision a uniformly random legal
one: the same loop as `ostraka play`, bounded the same way (core/limits.py: MAX_DECISIONS
decisions, MAX_ROUNDS rounds of a `repeat`, MAX_DEALT cards a deal). A game that reaches a bound
is E404 at game.yaml's `flow:`. It costs one short game, and the check cache keeps its finding
until game.yaml or a card changes (cache.Cache.flow).
"""

from __future__ import annotations

import random
from typing import Any

from ...core.diagnostics import Diagnostic
from ...core.limits import Runaway, decided
from ...runtime.flow import FlowError, GameState

SEED = 0
HINT = (
    "make the flow's end reachable: an `until` or `win` that some play makes true, a counter the "
    "rounds advance, counts from the rules (not from a counter that can grow without bound)"
)


def play_once(game: Any, players: int, seed: int = SEED) -> GameState:
    """A seeded random game to its end; GameTooLong or Runaway when it reaches a bound."""
    rng = random.Random(f"ostraka-check-flow:{seed}")
    state = GameState(game, players, seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        decided(state.decisions)
    return state


def finding(game: Any, document: Any, exc: Exception, players: int | None = None, seed: int = SEED) -> Diagnostic:
    """E404 at the game.yaml `flow:` key, for a game stopped at a bound (or whose flow fails)."""
    line, column = document.where(("flow",), key=True) if document is not None else (0, 0)
    who = f" ({players} players, seed {seed})" if players is not None else ""
    return Diagnostic("E404", f"a game of {game.game.name}{who} stopped: {exc}", game.game_file, line, column, HINT)


def check_flow(game: Any, document: Any) -> list[Diagnostic]:
    """E404 when one random game of the flow does not end within the bounds; [] otherwise (or without a flow)."""
    if game.game.flow is None:
        return []
    from ...runtime.program import StepRefused
    from .flowcheck import refused_step

    players = game.game.players.min
    try:
        play_once(game, players)
    except StepRefused as refused:  # a step of the flow the rules refuse in play: E405 at that step
        return [refused_step(game, document, refused, players)]
    except (Runaway, FlowError, RecursionError) as exc:
        return [finding(game, document, exc, players)]
    return []
