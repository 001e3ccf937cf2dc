"""Seeds derived from the run's seed and a game's index: game i is the same game whatever the
number of processes, the order games finish in, or the machine (Ray) that plays it."""

from __future__ import annotations

import hashlib


def derive(*parts: object) -> int:
    """A 63-bit seed from the parts (stable across processes and Python versions: no hash())."""
    digest = hashlib.sha256(":".join(str(p) for p in ("ostraka", *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_seed(run_seed: int, index: int) -> int:
    return derive(run_seed, "game", index)


def bot_seed(run_seed: int, index: int, seat: int) -> int:
    return derive(run_seed, "game", index, "seat", seat)
