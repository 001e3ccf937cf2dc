"""An atomic step kept running across its questions, instead of re-run from its snapshot at each.

An atomic step that asks (atomic.py) is re-run from its snapshot with the answers so far, one run
per answer: a step asking q questions runs q + 1 times (an Olympus Upkeep, an Attika tile placed).
When steps of its kind asked at least two questions more, its next run is made in a thread of its own (`Live`), which blocks at each
question not yet answered and goes on from there once the answer comes: the same run the next
re-run would make (the runtime is deterministic, and the runner waits while the step runs, so
nothing else reads or writes meanwhile), without running again what came before. The thread ends
with the step; it holds the step's state, context and decider, never the game state (GameState):
a game dropped in the middle of a question is collected and the step waiting for it cancelled
(`Steps.close`). At most MOST_THREADS steps wait in threads at once in a process; past that, steps
are re-run.

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
    """One atomic step running in a thread of its own: `start(work)`, then `resume(answer)` after
    each question; each returns what the step did next: ("ask", question), ("done", None) or
    ("error", exception). The thread ends with the step (or when it is cancelled)."""

    def __init__(self, frame: list, state: State) -> None:
        self.frame = frame  # the runner's ATOM frame this step carries out
        self.state = state  # the copy of its snapshot it runs on
        self.answered = len(frame[5])  # the answers given when it started, then each one resumed
        self._to_step: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._to_runner: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()

    def start(self, work: Callable[[], None]) -> tuple[str, Any]:
        to_runner = self._to_runner

        def run() -> None:
            try:
                work()
            except _Cancel:
                return
            except BaseException as exc:  # noqa: BLE001 - handed to the runner, which raises it there
                to_runner.put(("error", exc))
                return
            finally:
                _THREADS.release()
            to_runner.put(("done", None))

        threading.Thread(target=run, name=THREAD, daemon=True).start()
        return to_runner.get()

    def resume(self, answer: int) -> tuple[str, Any]:
        self.answered += 1
        self._to_step.put(answer)
        return self._to_runner.get()

    def ask(self, question: Question) -> int:
        """In the step's thread: hand the question over and wait for its answer."""
        self._to_runner.put(("ask", question))
        answer = self._to_step.get()
        if answer is _CANCEL:
            raise _Cancel
        return int(answer)

    def cancel(self) -> None:
        self._to_step.put(_CANCEL)


THREAD = "ostraka-atomic-step"
WORTH_A_THREAD = 0.0003  # seconds: a run up to a question shorter than this is re-run instead
# Steps waiting for answers at once, in the whole process (games kept at a question, a search's
# tree of states): past this many, a step is re-run from its snapshot instead (the same outcome).
MOST_THREADS = 32
_THREADS = threading.BoundedSemaphore(MOST_THREADS)


def thread_free() -> bool:
    """Take one of the process's step threads, if one is free (Live.start gives it back)."""
    return _THREADS.acquire(blocking=False)


class Steps:
    """A game's steps waiting in their threads for an answer, and what it learnt of its kinds of
    steps: how many questions one has asked at most."""

    def __init__(self) -> None:
        self.waiting: dict[int, Live] = {}  # by their frame's id
        self._most: dict[Any, int] = {}
        self._took: dict[Any, float] = {}  # by kind of step: how long its last run up to a question took

    def ran(self, kind: Any, seconds: float) -> None:
        self._took[kind] = seconds

    def asked(self, kind: Any, questions: int) -> None:
        """A step of this kind asked so many questions in all."""
        if questions > self._most.get(kind, 0):
            self._most[kind] = questions

    def asks_more(self, kind: Any, answered: int) -> bool:
        """Whether a step of this kind, answered so far, is likely to ask at least two questions
        more (one of its kind did) and its runs take long enough that a thread (some tens of
        microseconds to start and to hand each answer over) costs less than the re-runs it saves.
        Only the time differs: either way the step gives the same outcome."""
        return self._most.get(kind, 0) >= answered + 2 and self._took.get(kind, 0.0) >= WORTH_A_THREAD

    def close(self) -> None:
        """Cancel the steps waiting for answers that will never come (their game was collected)."""
        for live in self.waiting.values():
            live.cancel()
        self.waiting.clear()
