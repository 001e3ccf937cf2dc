"""An atomic step that asks questions goes on from where it waits (runtime/atomic.py's live run):
it is carried out twice at most (a first run that stops at its first question, then one that waits
at each), not once per answer, and a clone taken while it waits plays on exactly as the original."""

from __future__ import annotations

import random
from collections import Counter

from compiler.runtime.atomic import Steps

from flowkit import game, set_up, step


def test_a_step_of_many_questions_runs_twice_at_most(monkeypatch):
    runs: Counter = Counter()
    kept: list = []  # every step's answers list, kept alive so that no id is reused
    carry = Steps.carry

    def counted(self, op, what, seat, state, decider):
        runs[id(decider.answers)] += 1  # one answers list per atomic step
        kept.append(decider.answers)
        return carry(self, op, what, seat, state, decider)

    monkeypatch.setattr(Steps, "carry", counted)
    state = set_up(game("olympus"), 5, seed=3)
    rng = random.Random(3)
    asked: Counter = Counter()
    struck: dict[int, list] = {}  # a refused answer runs its step again (atomic._strike)
    while not state.is_terminal():
        if state.node is not None and state.node.kind == "question":
            frame = state.stack[-1]
            asked[id(frame[5])] += 1
            struck[id(frame[5])] = frame[7]
        step(state, rng)
    many = [key for key, n in asked.items() if n >= 3]
    assert many, "some step asked three questions or more"
    assert all(runs[key] <= 2 + len(struck[key]) for key in many), [(asked[k], runs[k]) for k in many]


def test_a_clone_waiting_at_a_question_plays_on_as_the_original():
    state = set_up(game("olympus"), 4, seed=5)
    rng = random.Random(5)
    while not (state.node is not None and state.node.kind == "question" and state.stack[-1][5]):
        step(state, rng)  # a step that has had an answer and waits for another: its run is live
    assert state.stack[-1][8] is not None
    twin = state.clone()
    assert twin.stack[-1][8] is None  # the twin runs its step again; the original goes on
    seed = rng.random()
    for game_state in (state, twin):
        moves = random.Random(seed)
        while not game_state.is_terminal():
            step(game_state, moves)
    assert twin.history == state.history
    assert twin.summary() == state.summary() and twin.returns() == state.returns()
