"""`make bench`: whole games per second, random bots, on each engine (runtime/flow.py).

Each figure is seeded games played to the end on fresh seeds (1000, 1001, ...) until at least
SECONDS of CPU time have gone by (and at least MIN_GAMES games), timed in CPU seconds of this
process (`time.process_time`: one core, whatever else the machine runs) with the collector off (as
timeit does): all the games over all the time. Fresh seeds, because the runtime's memos (the units
of supply, the payment plans) outlive a game: replaying the seeds of an earlier game would be
answered from them and overstate what a new game costs. For the same reason each figure is
measured in a process of its own (the memos are kept per process and game, shared by the
engines): both engines play the same seeds, each from cold memos. The generated handlers are
loaded before timing.
"""

from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECONDS = float(os.environ.get("OSTRAKA_BENCH_SECONDS", "2"))  # CPU time per figure and process, at least
MIN_GAMES = int(os.environ.get("OSTRAKA_BENCH_GAMES", "3"))
# Processes per figure: the same games on a shared virtual machine vary from one process to the
# next (the CPU it gets), so each figure is the median of several.
PROCESSES = int(os.environ.get("OSTRAKA_BENCH_PROCESSES", "5"))


def load_game(game_id: str):
    """The repository's game of that id, compiled as `ostraka` compiles it."""
    from compiler.pipeline.project import load

    (game,) = [g for g in load([], ROOT).games if g.id == game_id]
    return game


def play_seeded(game, players: int, seed: int, engine: str, watch: bool = False):
    """A game from the seed played to the end by random bots (one, seeded from the game's seed, for
    every seat), as `ostraka play --bots random` plays it: its tools.play.Record."""
    from compiler.tools.play import RandomBot, new_game, play

    bot = RandomBot(seed)
    return play(new_game(game, players, seed, engine), {seat: bot for seat in range(players)}, watch)


def games_per_second(
    game, players: int, engine: str, seconds: float = SECONDS, least: int = MIN_GAMES, first_seed: int = 1000
) -> tuple[float, int]:
    """Games per CPU-second on fresh seeds from `first_seed`, and how many were played."""
    from compiler.tools.play import new_game

    new_game(game, players, 0, engine)  # load the handlers and number the flow before timing
    elapsed, played = 0.0, 0
    gc.disable()
    try:
        while elapsed < seconds or played < least:
            seed = first_seed + played
            start = time.process_time()
            play_seeded(game, players, seed, engine)
            elapsed += time.process_time() - start
            played += 1
    finally:
        gc.enable()
    return played / elapsed, played


def run() -> list[str]:
    """Each figure measured in a process of its own, both engines on the same seeds: the memos a
    process keeps (supplies and plans, by game) would otherwise carry one figure's work into the
    next (make bench's earlier sections play the examples of the same games first)."""
    from compiler.pipeline.project import load

    lines = []
    for game in load([], ROOT).games:
        if game.game.flow is None:
            continue
        n = game.game.players.max
        runs: dict[str, list[tuple[float, int]]] = {"handlers": [], "interpreter": []}
        for _ in range(PROCESSES):  # the engines alternating, so that both see the same load
            for engine, found in runs.items():
                found.append(_in_a_process(game.id, n, engine))
        rates = {engine: statistics.median(rate for rate, _games in found) for engine, found in runs.items()}
        for engine, found in runs.items():
            spread = f"{min(r for r, _g in found):.2f} to {max(r for r, _g in found):.2f}"
            games = sum(g for _r, g in found)
            lines.append(
                f"whole games/s ({game.id}, {n} players, random, {engine}): {rates[engine]:.2f}"
                f" (median of {PROCESSES} processes: {spread}; {games} games)"
            )
        lines.append(
            f"handlers/interpreter on whole games ({game.id}): {rates['handlers'] / rates['interpreter']:.2f}x"
        )
    return lines


def _in_a_process(game_id: str, players: int, engine: str) -> tuple[float, int]:
    found = subprocess.run(
        [sys.executable, "-m", "bench.games", game_id, str(players), engine],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    rate, games = found.stdout.split()
    return float(rate), int(games)


def _one(game_id: str, players: int, engine: str) -> tuple[float, int]:
    return games_per_second(load_game(game_id), players, engine)


if __name__ == "__main__":
    if len(sys.argv) == 4:  # one figure (run() asks for each in a process of its own): "rate games"
        print(*_one(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
    else:
        for line in run():
            print(line)
