"""Why a value is what it is: a trace of the changes effects make, each with the card, the effect,
the trigger and the action that made it (a score's breakdown by category, an example's trace).

A trace is kept in a state (`start(state)`), as a tuple that copies of the state share and that a
change replaces: the changes a trial makes on a copy stay in that copy, so the trace of the state a
run ends with is what happened in that run, and nothing a menu or a `choose` only tried. Changes
are told only while `tracing()` is on and only on the interpreter (the generated handlers write
values in place: `step_trace` runs a step again on the interpreter to trace it).

    with tracing():
        start(state)
        ...                              # run effects on the interpreter
    for entry in trace(final_state): ...
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from . import builds, effects, interpreter

LEDGER = "trace"  # the state's attribute (shared by its copies, replaced by a change)


@dataclass(frozen=True)
class Entry:
    """One change of a player's value."""

    seat: int
    noun: str
    before: int
    after: int
    card: str | None  # the card whose effect made it; None: the game's rules, or a flow's own action
    effect: Any = None  # the effect (lang's Effect) that made it, if any
    trigger: str | None = None  # the trigger that effect ran on
    action: Any = None  # the innermost action running (lang's Action node)
    about: str | None = None  # the card in view of that action (a rule's card just built)

    @property
    def delta(self) -> int:
        return self.after - self.before


def start(state: Any) -> None:
    """Keep a trace in this state (and in its copies from now on)."""
    state.__dict__[LEDGER] = ()


def trace(state: Any) -> tuple[Entry, ...]:
    return state.__dict__.get(LEDGER, ())


@contextmanager
def tracing() -> Iterator[None]:
    """Changes are told to the states keeping a trace while this lasts."""
    saved = interpreter.tracer
    interpreter.tracer = _note
    try:
        yield
    finally:
        interpreter.tracer = saved


def _note(ctx: Any, player: Any, noun: str, before: int) -> None:
    own = ctx.state.__dict__
    kept = own.get(LEDGER)
    if kept is None:
        return
    after = player.values.get(noun, 0)
    if after != before:
        own[LEDGER] = (*kept, _entry(player.seat, noun, before, after))


_RUN = interpreter.Context.run.__code__
_EFFECT = effects.run_effect.__code__
_TRIGGER = builds.run_trigger.__code__


def _entry(seat: int, noun: str, before: int, after: int) -> Entry:
    """The change, with what was running when it was made: read from the calls under way (only
    while tracing: nothing is recorded for this in an ordinary run)."""
    card = effect = trigger = action = about = None
    in_effect = False
    frame: Any = sys._getframe(2)
    while frame is not None:
        code = frame.f_code
        if code is _RUN and action is None:
            action = frame.f_locals.get("action")
            in_view = getattr(frame.f_locals.get(code.co_varnames[0]), "card", None)  # the context run in
            about = getattr(in_view, "id", None)
        elif code is _EFFECT and not in_effect:
            in_effect = True
            found = frame.f_locals.get("card_id")
            card = None if found == "rules" else found
            effect = frame.f_locals.get("effect")
        elif code is _TRIGGER and in_effect:
            trigger = frame.f_locals.get("trigger")
            break
        frame = frame.f_back
    return Entry(seat, noun, before, after, card, effect, trigger, action, about)


def step_trace(game_state: Any, frame: list) -> tuple[Entry, ...] | None:
    """The trace of an atomic step just carried out (flow.py's `[ATOM, ...]` frame): the step run
    again from its snapshot, with its answers, on the interpreter. None when it cannot be (it asks
    a question its answers do not cover): the caller then knows only the step's whole change."""
    snapshot = frame[4]
    if snapshot is None:
        return None
    twin = object.__new__(type(game_state))
    twin.__dict__.update(game_state.__dict__)
    twin.handlers, twin.observer, twin.node = None, None, None
    twin._parts()  # parts of its own, working on the twin
    begin = snapshot.copy(new_run=True)
    start(begin)
    again = [list(x) if type(x) is list else x for x in frame]
    again[4] = begin
    again[8] = None  # the step run anew: a live run of the original game's is not the twin's
    twin.state, twin.stack = begin, [again]
    with tracing():
        try:
            asked = twin.steps.atom(again)
        except Exception:  # noqa: BLE001 - a trace is an explanation: without one, the step is told whole
            return None
    return None if asked else trace(twin.state)
