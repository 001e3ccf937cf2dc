"""Who answers the questions effects ask: scripted answers in examples, a default otherwise."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .state import State


class AnswerError(Exception):
    """A scripted answer that is not among the options offered."""


@dataclass
class Question:
    player: str
    about: str
    options: tuple[str, ...]
    answer: str = ""


class Decider:
    """Answers a question with one of its options; records every question asked."""

    def __init__(self) -> None:
        self.asked: list[Question] = []

    def choose(self, player: str, about: str, options: list[str]) -> str:
        question = Question(player, about, tuple(options))
        question.answer = self._pick(question)
        self.asked.append(question)
        return question.answer

    def _pick(self, question: Question) -> str:
        return question.options[0]

    def recall(self, trial: Callable[[], bool], state: State) -> bool:
        """A trial's verdict inside the run (runtime/choices.py `can`): tried now. A decider that
        replays a step (machine._Replay) answers it from an earlier run of the same step instead."""
        return trial()


class FirstLegal(Decider):
    """Always the first legal option: the default when nobody scripts an answer."""


@dataclass
class _Queue:
    answers: list[str] = field(default_factory=list)


class Scripted(Decider):
    """Answers from a script, per player in order; the first legal option once a script runs out."""

    def __init__(self, answers: dict[str, str | list[str]]) -> None:
        super().__init__()
        self.queues = {p: ([a] if isinstance(a, str) else list(a)) for p, a in answers.items()}

    def _pick(self, question: Question) -> str:
        queue = self.queues.get(question.player)
        if not queue:
            return question.options[0]
        answer = str(queue.pop(0))
        if answer not in question.options:
            raise AnswerError(
                f"{question.player} answered '{answer}' to '{question.about}', "
                f"but the options were: {', '.join(question.options)}"
            )
        return answer

    def unused(self) -> dict[str, list[str]]:
        return {p: q for p, q in self.queues.items() if q}


class Searching(Decider):
    """Answers along a path of option indices, then with the first option; remembers how many
    options each question had, so that a caller whose run was refused can try the next path (a
    depth-first search for some answers that work: a move is legal when any of them do)."""

    def __init__(self, path: list[int] | None = None) -> None:
        super().__init__()
        self.path = path or []
        self.counts: list[int] = []

    def _pick(self, question: Question) -> str:
        i = len(self.asked)
        self.counts.append(len(question.options))
        return question.options[self.path[i] if i < len(self.path) else 0]

    def next_path(self) -> list[int] | None:
        """The next path to try after this one was refused (the last question's next option
        first), or None when every path was tried."""
        taken = [self.path[i] if i < len(self.path) else 0 for i in range(len(self.counts))]
        for i in reversed(range(len(taken))):
            if taken[i] + 1 < self.counts[i]:
                return taken[:i] + [taken[i] + 1]
        return None
