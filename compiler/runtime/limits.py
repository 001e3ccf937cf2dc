"""Bounds on what one run of the interpreter may do, whatever numbers the data holds.

Card data may say `repeat: {times: 1000000000}` or `cost: {wood: 1000000000}` (the loader allows
numbers up to ±10^9), or square an amount again and again. Every loop of the runtime spends from one
budget per game state and every amount is bounded, so such data stops with `Runaway` (reported as a
located diagnostic) instead of running for hours or filling the memory.
"""

from __future__ import annotations

from typing import Any

MAX_STEPS = 200_000  # actions run plus loop rounds, per game state (one example)
MAX_AMOUNT = 10**12  # the largest amount an expression may yield


class Runaway(Exception):
    """The data asks for more work than any real game needs."""


def spend(state: Any, n: int) -> int:
    """Charge n steps to the state's budget; returns n (so `range(spend(state, n))` reads well)."""
    if n <= 0:
        return n
    box = vars(state)
    used = box.get("_ostraka_steps", 0) + n
    if used > MAX_STEPS:
        raise Runaway(f"stopped after {MAX_STEPS:,} steps: a repetition or a cost is far too large")
    box["_ostraka_steps"] = used
    return n


def bounded(value: int) -> int:
    if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
        raise Runaway(f"an amount outside ±{MAX_AMOUNT:,} (numbers grow without bound)")
    return value
