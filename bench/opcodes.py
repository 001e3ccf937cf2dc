"""Python opcodes a whole game executes, on each engine: a count that does not move with the machine.

`python -m bench.opcodes GAME PLAYERS [ENGINE ...]` plays GAMES seeded random games (seeds 1000 on)
under `sys.settrace`, counting every opcode event, and prints the count a game, each engine in a
process of its own (the runtime's memos, kept per process and game, would carry one engine's work
into the other's). The same code and seeds give the same count on any machine and under any load,
so it tells a change that saves 1% apart from the machine's own drift (wall-clock figures here move
by a fifth from run to run); the ratio of two engines' counts has tracked the ratio of their times
within a few percent. It does not see time spent in C (the collector, dict and list work).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench.games import load_game, play_seeded

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(os.environ.get("OSTRAKA_OPCODE_GAMES", "2"))


def count(game_id: str, players: int, engine: str, games: int = GAMES) -> float:
    """Opcodes per game, averaged over `games` seeded random games, in this process."""
    from compiler.tools.play import new_game

    game = load_game(game_id)
    new_game(game, players, 0, engine)  # the handlers and the flow's program, before counting
    counted = 0

    def tracer(frame, event, _arg):
        nonlocal counted
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            counted += 1
        return tracer

    sys.settrace(tracer)
    try:
        for seed in range(1000, 1000 + games):
            play_seeded(game, players, seed, engine)
    finally:
        sys.settrace(None)
    return counted / games


def main(argv: list[str]) -> None:
    game_id, players, *engines = argv
    if len(engines) == 1:  # one engine, in this process
        print(count(game_id, int(players), engines[0]))
        return
    found = {}
    for engine in engines or ["handlers", "interpreter"]:
        out = subprocess.run(
            [sys.executable, "-m", "bench.opcodes", game_id, players, engine],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        found[engine] = float(out.stdout)
        print(f"{engine}: {found[engine] / 1e3:,.1f}K opcodes a game ({game_id}, {players} players, {GAMES} games)")
    if {"handlers", "interpreter"} <= set(found):
        print(f"interpreter/handlers: {found['interpreter'] / found['handlers']:.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
