"""Bounds on what one run of the interpreter may do, whatever numbers the data holds.

Card data may say `repeat: {times: 1000000000}` or `cost: {wood: 1000000000}` (the loader allows
numbers up to ±10^9), square an amount again and again, or nest `may` and `choose` so that every
level tries its options out on copies of the state. Every loop of the runtime, every copy of the
state (a trial) and every node of a search spends from one budget per run (one example), and every
amount is bounded, so such data stops with `Runaway` (reported as a located diagnostic) instead of
running for hours or filling the memory.

The budget is one object that a state and all its copies share (`State.copy` carries it over), so
the work done on trial copies is charged to the run, not forgotten with the copy.
"""

from __future__ import annotations

from typing import Any

MAX_STEPS = 100_000  # actions run, loop rounds, trial copies and search nodes, per run (one example)
MAX_AMOUNT = 10**12  # the largest amount an expression may yield
# The most players a game may declare (game.yaml `players: {max: ...}`): a state holds every player,
# every relation, trial and event runs over them, so a count that no table seats is refused up front.
MAX_PLAYERS = 64
# A whole game played from game.yaml's flow: the real games end within ~1,500 decisions and ~60
# rounds of their longest `repeat`, so a game past these bounds has a flow that cannot end (an
# `until` that never holds) and is stopped (GameTooLong) before it fills the memory.
MAX_DECISIONS = 20_000
MAX_ROUNDS = 1_000  # of one `repeat`
MAX_GAME_ROUNDS = 10_000  # of all a game's repeats together (the real games: ~430 at most)
# The most cards one deal of a game's set-up (or flow) may make: the step budget of one run.
MAX_DEALT = MAX_STEPS
_KEY = "_ostraka_budget"  # the state attribute holding its budget (spend reads it by that name)


class Runaway(Exception):
    """The data asks for more work than any real game needs."""


class GameTooLong(Runaway):
    """A whole game that passed MAX_DECISIONS decisions or MAX_ROUNDS rounds of one `repeat`."""


def decided(decisions: int) -> None:
    """Called by a game's driver after each decision: past the bound, the game is stopped."""
    if decisions > MAX_DECISIONS:
        raise GameTooLong(
            f"the game did not end within {MAX_DECISIONS:,} decisions: its flow's end (an `until`, "
            "a `win`, the rounds) is never reached"
        )


def too_many_rounds(of_one: int, of_all: int) -> str:
    """What stopped a game at MAX_ROUNDS (one repeat's) or MAX_GAME_ROUNDS (all its repeats')."""
    if of_one >= MAX_ROUNDS:
        return f"a `repeat` of the flow ran {of_one:,} rounds without ending"
    return f"the flow's repeats ran {of_all:,} rounds in all without the game ending"


class Budget:
    """The steps spent so far by one run, on its state and every copy of it (`used`); and the count
    at which spend() next has more to do than add (`mark`: the next multiple of WINDOW, or the
    step past the budget), kept with it so that a step costs one comparison."""

    __slots__ = ("steps", "mark")

    def __init__(self) -> None:
        self.steps = 0
        self.mark = WINDOW

    @property
    def used(self) -> int:
        return self.steps

    @used.setter
    def used(self, value: int) -> None:
        self.steps = value
        self.mark = _mark(value)


def _mark(used: int) -> int:
    """Budget.mark for a count: the next multiple of WINDOW above it, or the step past the budget."""
    return min(((used >> WINDOW_BITS) + 1) << WINDOW_BITS, MAX_STEPS + 1)


def budget(state: Any) -> Budget:
    """The budget a state spends from (made on first use; copies of the state share it)."""
    box = vars(state)
    found = box.get(_KEY)
    if found is None:
        found = box[_KEY] = Budget()
    return found


def fresh_budget(state: Any) -> None:
    """Give a state a budget of its own: a new run starts from it (e.g. a replay from a saved start)."""
    vars(state)[_KEY] = Budget()


WINDOW_BITS = 8
WINDOW = 1 << WINDOW_BITS  # every WINDOW steps, the state's size is charged too (see spend)
SIZE_SQUARE = 32


def spend(state: Any, n: int) -> int:
    """Charge n steps to the state's budget; returns n (so `range(spend(state, n))` reads well).

    A step that reads a zone costs more when the zone is long, and both paths read zones inside
    steps without counting ids, so every time the count passes a multiple of WINDOW the state's
    size (values, cards in zones, board cells: `state.size()`) is charged as well, growing with its
    square: a real state (a few hundred ids) adds a step or two per step, and a run that keeps
    reading zones of thousands of cards stops within a few hundred steps."""
    if n <= 0:
        return n
    try:  # (called at every step: the budget read as an attribute, no vars() call)
        box = state._ostraka_budget  # (_KEY, spelled out: checked below)
    except AttributeError:
        box = budget(state)
    used = box.steps + n
    if used >= box.mark:  # a multiple of WINDOW passed, or the budget
        used = _charged(state, box, box.steps, used)
        box.mark = _mark(used)
    box.steps = used
    return n


assert _KEY == "_ostraka_budget", "spend reads the budget by this attribute name"


def _charged(state: Any, box: Budget, before: int, used: int) -> int:
    """spend's count when it passes a multiple of WINDOW (the state's size charged too) or the
    budget (refused)."""
    if used >> WINDOW_BITS != before >> WINDOW_BITS:
        sized = getattr(state, "size", None)
        size = sized() if sized is not None else 0
        used += size + size * size // SIZE_SQUARE
    if used > MAX_STEPS:
        box.used = MAX_STEPS  # spent: whatever runs on (a trial that caught it) stops too
        raise Runaway(f"stopped after {MAX_STEPS:,} steps: a repetition, a cost or nested choices are far too large")
    return used


def bounded(value: int) -> int:
    if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
        raise Runaway(f"an amount outside ±{MAX_AMOUNT:,} (numbers grow without bound)")
    return value
