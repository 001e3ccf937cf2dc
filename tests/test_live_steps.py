"""An atomic step that asks again runs on in the game's step thread (runtime/live.py) instead of being
re-run from its snapshot at each answer: the same questions, states and games either way, and a game
dropped in the middle of a question leaves no thread behind."""

from __future__ import annotations

import gc
import random
import threading

import flowkit
import pytest

from compiler.runtime import live
from compiler.runtime.flow import GameState
from compiler.runtime.live import THREAD


@pytest.fixture(scope="module")
def olympus():
    return flowkit.game("olympus")


@pytest.fixture(autouse=True)
def any_run_is_worth_a_thread(monkeypatch):
    """Whether a step goes to a thread depends on how long its runs take (live.WORTH_A_THREAD):
    here every step that will ask more does, whatever the machine's speed."""
    monkeypatch.setattr(live, "WORTH_A_THREAD", 0.0)


def _to_a_waiting_step(state: GameState, rng: random.Random, limit: int = 400) -> bool:
    """Play on until a step waits in the game's step thread for an answer (False: none did)."""
    for _ in range(limit):
        if state._live.waiting:
            return True
        flowkit.step(state, rng)
    return False


def test_a_step_waiting_in_its_thread_and_its_clone_re_run_from_the_snapshot_agree(olympus):
    state = flowkit.set_up(olympus, 3, seed=4)
    rng = random.Random(4)
    assert _to_a_waiting_step(state, rng)
    compared = 0
    while state._live.waiting and compared < 6:
        twin = state.clone()  # its frames are copies: it re-runs the step with the answers so far
        assert not twin._live.waiting
        assert twin.legal_actions() == state.legal_actions()
        action = rng.choice(state.legal_actions())
        assert twin.action_to_string(twin.current_player(), action) == state.action_to_string(
            state.current_player(), action
        )
        state.apply_action(action)
        twin.apply_action(action)
        assert twin.summary() == state.summary()
        assert twin.legal_actions() == state.legal_actions()
        assert twin.state.snapshot() == state.state.snapshot()
        compared += 1
    assert compared >= 2


def test_a_game_dropped_while_a_step_waits_for_an_answer_leaves_no_thread(olympus):
    state = flowkit.set_up(olympus, 3, seed=4)
    assert _to_a_waiting_step(state, random.Random(4))
    waiting = [t for t in threading.enumerate() if t.name == THREAD]
    assert waiting
    del state
    gc.collect()
    for thread in waiting:
        thread.join(timeout=5)
    assert not any(t.is_alive() for t in waiting)
