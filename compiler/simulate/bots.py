"""The players a simulation seats (and `ostraka play` too): `random`, `greedy` and `mcts`.

A bot is made for one seat of one game with its own seed, and `step(state)` returns the action it
takes: an element of `state.legal_actions()`. The state is the game runner's (runtime/flow.py).

What each bot sees is what its player may see (runtime/view.py): `greedy` values its moves on a
guess of the cards hidden from it (runtime/guess.py), and `mcts` is OpenSpiel's information-set
MCTS (`open_spiel.python.algorithms.ismcts`) searching guesses, its information states the
per-player view; `random` looks at nothing but its legal moves.

A bot's randomness is keyed by its seed and the decision it makes (the decisions the game has
seen so far), not drawn from a stream, and it weighs the legal moves in the order of their names
(move, card id), not of their numbers: with chance keyed the same way (GameState.sample_chance),
two card sets play the same games until a decision differs (`ostraka sweep`'s paired games).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.keyed import derive
from ..tools.play import decision_rng, named, random_move


class Bot(Protocol):
    name: str

    def step(self, state: Any) -> int: ...


@dataclass(frozen=True)
class BotOptions:
    mcts_simulations: int = 50
    mcts_rollouts: int = 1
    mcts_uct_c: float = 2.0
    mcts_worlds: int = 10  # guesses of the hidden cards a search samples (each is searched again and again)


class RandomBot:
    """A legal move, uniformly at random."""

    name = "random"

    def __init__(self, table: Any, seat: int, seed: int, options: BotOptions) -> None:
        self.seed = seed

    def step(self, state: Any) -> int:
        return random_move(self.seed, state)


class GreedyBot:
    """The move after which its own score is highest: the game's own scoring fired on a copy
    (`balance.estimate`, by default the triggers the flow fires at its end), on a guess of what it
    cannot see; ties broken at random."""

    name = "greedy"

    def __init__(self, table: Any, seat: int, seed: int, options: BotOptions) -> None:
        self.table, self.seat, self.seed = table, seat, seed

    def step(self, state: Any) -> int:
        legal = named(state, state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        from ..runtime.guess import guess

        rng = decision_rng(self.seed, state)
        seen = guess(state, self.seat, rng, picks=False)
        best: list[int] = []
        top = float("-inf")
        for action in legal:
            value = self.table.value_after(seen, action, self.seat)
            if value > top:
                top, best = value, [action]
            elif value == top:
                best.append(action)
        return rng.choice(best)


class MCTSBot:
    """OpenSpiel's information-set MCTS (`ISMCTSBot`, random-rollout evaluator) over the game as
    registered with pyspiel (`spiel.py`): each simulation starts from a guess of the cards its player
    cannot see (at most `mcts_worlds` guesses a search), and its tree is keyed by what that player
    sees (the per-player view), so it never reads a hidden card."""

    name = "mcts"

    def __init__(self, table: Any, seat: int, seed: int, options: BotOptions) -> None:
        from . import spiel

        self.table, self.seat, self.seed, self.options = table, seat, seed, options
        self.game = spiel.game_for(table)

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from ..runtime.guess import guess

        key = derive(self.seed, "decision", state.decisions)
        random_state = np.random.RandomState(key % 2**32)
        guesses = random.Random(key)
        options = self.options
        bot = ismcts.ISMCTSBot(
            self.game,
            mcts.RandomRolloutEvaluator(options.mcts_rollouts, random_state),
            options.mcts_uct_c,
            options.mcts_simulations,
            max_world_samples=options.mcts_worlds,
            random_state=random_state,
            allow_inconsistent_action_sets=True,
        )
        bot.set_resampler(lambda spiel_state, player: self.game.wrap(guess(spiel_state.runner, player, guesses)))
        return int(bot.step(self.game.wrap(state.clone())))


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}

# What each bot sees, in a sentence (`ostraka play --help`, the README).
SEES = {
    "random": "nothing but its legal moves",
    "greedy": "what its player may see: it values each move by the game's own scoring on a guess of the hidden cards",
    "mcts": "what its player may see: OpenSpiel's information-set MCTS, searching guesses of the hidden cards",
}


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
