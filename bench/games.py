"""`make bench`: whole games per second, random bots, on each engine (runtime/flow.py).

Each figure is GAMES x ROUNDS seeded games played to the end, each round with seeds of its own,
timed in CPU seconds of this process (`time.process_time`: one core, whatever else the machine runs)
with the collector off (as timeit does): all the games over all the time. Fresh seeds, because the
runtime's memos (the units of supply, the payment plans) outlive a game: a round that replayed the
seeds of an earlier one would be answered from them and overstate what a new game costs; each
engine plays seeds of its own for the same reason (the memos are the game's, shared by the
engines). The generated handlers are loaded before timing.
"""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(os.environ.get("OSTRAKA_BENCH_GAMES", "3"))
ROUNDS = int(os.environ.get("OSTRAKA_BENCH_ROUNDS", "2"))


def games_per_second(
    game, players: int, engine: str, games: int = GAMES, rounds: int = ROUNDS, first_seed: int = 1000
) -> float:
    from compiler.tools.play import RandomBot, new_game, play

    new_game(game, players, 0, engine)  # load the handlers and number the flow before timing
    elapsed = 0.0
    for round_ in range(rounds):
        gc.disable()
        try:
            start = time.process_time()
            for seed in range(first_seed + round_ * games, first_seed + (round_ + 1) * games):
                state = new_game(game, players, seed, engine)
                bot = RandomBot(seed)
                play(state, {seat: bot for seat in range(players)})
            elapsed += time.process_time() - start
        finally:
            gc.enable()
    return games * rounds / elapsed


def run() -> list[str]:
    from compiler.pipeline.project import load

    lines = []
    for game in load([], ROOT).games:
        if game.game.flow is None:
            continue
        n = game.game.players.max
        rates = {
            engine: games_per_second(game, n, engine, first_seed=1000 * (i + 1))
            for i, engine in enumerate(("handlers", "interpreter"))
        }
        for engine, rate in rates.items():
            lines.append(f"whole games/s ({game.id}, {n} players, random, {engine}): {rate:.2f}")
        lines.append(
            f"handlers/interpreter on whole games ({game.id}): {rates['handlers'] / rates['interpreter']:.2f}x"
        )
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
