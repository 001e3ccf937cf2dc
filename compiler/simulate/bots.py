"""The players a simulation seats: `random`, `greedy` and `mcts` (OpenSpiel's).

A bot is made for one seat of one game with its own seed, and `step(state)` returns the action it
takes: an element of `state.legal_actions()`. The state is anything with OpenSpiel's State methods
(`current_player`, `legal_actions`, `apply_action`, `clone`, ...): the game runner's own state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol


class Bot(Protocol):
    name: str

    def step(self, state: Any) -> int: ...


@dataclass(frozen=True)
class BotOptions:
    mcts_simulations: int = 50
    mcts_rollouts: int = 1
    mcts_uct_c: float = 2.0


class RandomBot:
    """A legal move, uniformly at random."""

    name = "random"

    def __init__(self, table: Any, seat: int, seed: int, options: BotOptions) -> None:
        self.rng = random.Random(seed)

    def step(self, state: Any) -> int:
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """The move after which its own score is highest (the score if the game ended then: game.yaml
    `balance.estimate`); ties broken at random with its own seeded generator."""

    name = "greedy"

    def __init__(self, table: Any, seat: int, seed: int, options: BotOptions) -> None:
        self.table, self.seat, self.rng = table, seat, random.Random(seed)

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best: list[int] = []
        top = float("-inf")
        for action in legal:
            value = self.table.value_after(state, action, self.seat)
            if value > top:
                top, best = value, [action]
            elif value == top:
                best.append(action)
        return self.rng.choice(best)


class MCTSBot:
    """OpenSpiel's MCTS bot (`open_spiel.python.algorithms.mcts.MCTSBot`, random-rollout
    evaluator) searching the game as registered with pyspiel (`spiel.py`)."""

    name = "mcts"

    def __init__(self, table: Any, seat: int, seed: int, options: BotOptions) -> None:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        from . import spiel

        self.table = table
        self.game = spiel.game_for(table)
        evaluator = mcts.RandomRolloutEvaluator(options.mcts_rollouts, np.random.RandomState(seed % 2**32))
        self.bot = mcts.MCTSBot(
            self.game,
            options.mcts_uct_c,
            options.mcts_simulations,
            evaluator,
            random_state=np.random.RandomState((seed >> 32) % 2**32),
            solve=False,
        )

    def step(self, state: Any) -> int:
        if len(state.legal_actions()) == 1:
            return state.legal_actions()[0]
        return int(self.bot.step(self.game.wrap(state.clone())))


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}


class UnknownBot(ValueError):
    pass


def parse_bots(text: str, players: int) -> list[str]:
    """`random`, or `greedy,random,...`: one name for every seat, or one per seat."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in BOTS:
            raise UnknownBot(f"unknown bot '{name}' (known: {', '.join(BOTS)})")
    if not names:
        raise UnknownBot(f"no bot named (known: {', '.join(BOTS)})")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UnknownBot(
            f"{len(names)} bots for {players} players: name one bot for every seat, or a single bot for all"
        )
    return names
