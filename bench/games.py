"""`make bench`: whole games per second, random bots, on each engine (runtime/flow.py).

Each figure is a fixed number of seeded games played to the end, timed in CPU seconds of this
process (`time.process_time`: one core, whatever else the machine runs) with the collector off (as
timeit does), best of the rounds; the generated handlers are loaded before timing.
"""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(os.environ.get("OSTRAKA_BENCH_GAMES", "3"))
ROUNDS = int(os.environ.get("OSTRAKA_BENCH_ROUNDS", "2"))


def games_per_second(game, players: int, engine: str, games: int = GAMES, rounds: int = ROUNDS) -> float:
    from compiler.tools.play import RandomBot, new_game, play

    new_game(game, players, 0, engine)  # load the handlers and number the flow before timing
    best = None
    for _ in range(rounds):
        gc.disable()
        try:
            start = time.process_time()
            for seed in range(games):
                state = new_game(game, players, seed, engine)
                bot = RandomBot(seed)
                play(state, {seat: bot for seat in range(players)})
            elapsed = time.process_time() - start
        finally:
            gc.enable()
        best = elapsed if best is None else min(best, elapsed)
    return games / best


def run() -> list[str]:
    from compiler.pipeline.project import load

    lines = []
    for game in load([], ROOT).games:
        if game.game.flow is None:
            continue
        n = game.game.players.max
        rates = {engine: games_per_second(game, n, engine) for engine in ("handlers", "interpreter")}
        for engine, rate in rates.items():
            lines.append(f"whole games/s ({game.id}, {n} players, random, {engine}): {rate:.2f}")
        lines.append(
            f"handlers/interpreter on whole games ({game.id}): {rates['handlers'] / rates['interpreter']:.2f}x"
        )
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
