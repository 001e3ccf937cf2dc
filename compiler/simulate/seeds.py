"""Seeds derived from the run's seed and a game's index: game i is the same game whatever the
number of processes, the order games finish in, or the machine (Ray) that plays it."""

from __future__ import annotations

from ..core.keyed import derive

__all__ = ["bot_seed", "derive", "game_seed"]


def game_seed(run_seed: int, index: int) -> int:
    return derive(run_seed, "game", index)


def bot_seed(run_seed: int, index: int, seat: int) -> int:
    return derive(run_seed, "game", index, "seat", seat)
