"""A fingerprint of seeded whole games, to tell that a change to the runtime plays the same games.

`python -m bench.gamehash [SEEDS]` plays SEEDS seeded random games (seeds 1 on, 4 by default) of
every game with a flow at its fewest and most players, on both engines, and hashes each game's
record (tools.play's, as a playthrough has it: every decision's legal moves, the move made and the
state's summary, every chance outcome) and its end (returns, winners, the state's summary). It prints one line a game, flags a game whose engines differ, and
one hash for all: run it before and after a change that must not change play, and compare (the
golden playthroughs, tests/playthroughs/, hold fewer games, each whole).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from bench.games import play_seeded

ROOT = Path(__file__).resolve().parent.parent


def fingerprint(game, players: int, seed: int, engine: str) -> str:
    """The hash of a seeded game's record (every decision's legal moves, the move made and the
    state's summary where it changed, every chance outcome) and of its end."""
    record = play_seeded(game, players, seed, engine, watch=True)
    state = record.state
    decisions = [(d.seat, d.legal, d.chosen, d.summary) for d in record.decisions]
    ended = (state.returns(), state.winner(), state.summary())
    return hashlib.sha256(repr((decisions, record.chances, ended)).encode()).hexdigest()[:16]


def main(seeds: int) -> None:
    from compiler.pipeline.project import load

    found = {}
    for game in load([], ROOT).games:
        if game.game.flow is None:
            continue
        for players in sorted({game.game.players.min, game.game.players.max}):
            for seed in range(1, 1 + seeds):
                handlers, interpreter = (fingerprint(game, players, seed, e) for e in ("handlers", "interpreter"))
                key = f"{game.id}/{players}/{seed}"
                found[key] = handlers if handlers == interpreter else f"{handlers} ENGINES DIFFER {interpreter}"
                print(key, found[key], flush=True)
    print("ALL", hashlib.sha256(json.dumps(found, sort_keys=True).encode()).hexdigest()[:16])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
