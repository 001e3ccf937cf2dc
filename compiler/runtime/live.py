"""An atomic step kept running across its questions, instead of re-run from its snapshot at each.

An atomic step that asks (atomic.py) is re-run from its snapshot with the answers so far, one run
per answer: a step asking q questions runs q + 1 times (an Olympus Upkeep, an Attika tile placed).
From its second run on, the step runs in a thread of its own (`Live`), which blocks at each question
not yet answered and goes on from there once the answer comes: the same run the next re-run would
make (the runtime is deterministic, and the runner waits while the step runs, so nothing else
reads or writes meanwhile), without running again what came before. One thread per game runs
its steps, one at a time (`Steps`); it holds their states, contexts and deciders, never the game
state (GameState) they belong to: a game dropped in the middle of a question is collected, and
its thread is then closed, the step waiting in it cancelled (`Steps.close`).

A step whose thread is gone (a clone of the game: its frames are copies) is re-run from its
snapshot, as before; both ways give the same outcome, questions and step charges.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from .decider import Question
from .machine import _Replay
from .state import State


class _Cancel(BaseException):
    """The game a step's thread belongs to is gone: the thread unwinds (no effect may catch it)."""


_CANCEL = object()


class LiveDecider(_Replay):
    """_Replay's answers and memo; past the last answer, the question goes to the runner, and the
    thread waits for its answer (an option's index) instead of pausing the step."""

    def __init__(self, answers: list[int], memo: list[tuple[bool, int]] | None, live: Live) -> None:
        super().__init__(list(answers), memo)
        self.live = live

    def _pick(self, question: Question) -> str:
        if len(self.asked) < len(self.answers):
            return question.options[self.answers[len(self.asked)]]
        answer = self.live.ask(question)
        self.answers.append(answer)
        return question.options[answer]


class Live:
    """One atomic step running in the game's step thread (`Steps`): `start(work)`, then
    `resume(answer)` after each question; each returns what the step did next: ("ask", question),
    ("done", None) or ("error", exception)."""

    def __init__(self, frame: list, state: State, steps: Steps) -> None:
        self.frame = frame  # the runner's ATOM frame this step carries out
        self.state = state  # the copy of its snapshot it runs on
        self.steps = steps
        self.answered = len(frame[5])  # the answers given when it started, then each one resumed
        self._to_step: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def start(self, work: Callable[[], None]) -> tuple[str, Any]:
        to_runner = self.steps.to_runner

        def run() -> None:
            try:
                work()
            except _Cancel:
                return
            except BaseException as exc:  # noqa: BLE001 - handed to the runner, which raises it there
                to_runner.put(("error", exc))
                return
            to_runner.put(("done", None))

        self.steps.submit(run)
        return to_runner.get()

    def resume(self, answer: int) -> tuple[str, Any]:
        self.answered += 1
        self._to_step.put(answer)
        return self.steps.to_runner.get()

    def ask(self, question: Question) -> int:
        """In the step's thread: hand the question over and wait for its answer."""
        self.steps.to_runner.put(("ask", question))
        answer = self._to_step.get()
        if answer is _CANCEL:
            raise _Cancel
        return int(answer)

    def cancel(self) -> None:
        self._to_step.put(_CANCEL)


class Steps:
    """A game's step thread, started when a step first needs it and kept for the next ones (one
    step at a time: the runner waits while it runs), and the steps waiting in it for an answer."""

    def __init__(self) -> None:
        self.waiting: dict[int, Live] = {}  # by their frame's id
        self.to_runner: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] | None = None
        self._most: dict[Any, int] = {}  # by kind of step: the most questions one has asked

    def asked(self, kind: Any, questions: int) -> None:
        """A step of this kind asked so many questions in all."""
        if questions > self._most.get(kind, 0):
            self._most[kind] = questions

    def asks_again(self, kind: Any) -> bool:
        """Whether a step of this kind that asked once is likely to ask again (one of its kind
        did): its second run is then worth running in the thread (only the time differs)."""
        return self._most.get(kind, 0) > 1

    def submit(self, job: Callable[[], None]) -> None:
        if self._jobs is None:
            jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
            threading.Thread(target=_serve, args=(jobs,), name="ostraka-atomic-steps", daemon=True).start()
            self._jobs = jobs
        self._jobs.put(job)

    def close(self) -> None:
        """Cancel the steps waiting for answers that will never come, and end the thread."""
        for live in self.waiting.values():
            live.cancel()
        self.waiting.clear()
        if self._jobs is not None:
            self._jobs.put(None)
            self._jobs = None


def _serve(jobs: queue.SimpleQueue[Callable[[], None] | None]) -> None:
    while (job := jobs.get()) is not None:
        job()
