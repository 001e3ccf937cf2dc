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
    # a chance outcome inside an effect (a die, a shuffle): answered by chance, each option with
    # its weight (None: a player's question); `told`: everyone may see it (a die, not a card shuffled)
    weights: tuple[int, ...] | None = None
    told: bool = False


CHANCE = "chance"  # who answers a chance question (an example's `answers: {chance: [...]}`)


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

    def chance(self, about: str, options: list[str], weights: list[int] | None = None, told: bool = True) -> int:
        """A chance outcome inside an effect: the index of the option drawn. In a whole game it is a
        chance node (atomic.py); elsewhere (an example, a trial) the first option unless scripted.
        `told`: the outcome may be shown to every player (a die; a card shuffled into a pile is not)."""
        question = Question(CHANCE, about, tuple(options), weights=tuple(weights or [1] * len(options)), told=told)
        question.answer = self._pick(question)
        self.asked.append(question)
        return options.index(question.answer)

    def recall(self, trial: Callable[[], bool], state: State) -> bool:
        """A trial's verdict inside the run (runtime/choices.py `can`, building.py's candidates):
        tried now. A decider that replays a step (machine._Replay) answers it from an earlier run
        of the same step instead."""
        return trial()

    def answers_first(self) -> bool:
        """Whether the next question is answered with its first option whatever the others are,
        and may be asked with that option alone (`choose_first`): a search's run beyond its path
        whose options need counting only if the search goes on (Searching)."""
        return False

    def choose_first(self, player: str, about: str, first: str) -> str:
        """A question asked with its first option alone, when answers_first() says it may be."""
        raise NotImplementedError


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
    depth-first search for some answers that work: a move is legal when any of them do).

    `counting` False: a question beyond the path may be asked with its first option alone
    (`choose_first`: building.py's candidates, the first that can be built), uncounted; such a
    run's `counted()` is False, and the caller that needs its next path runs it again counting
    (the runtime is deterministic: the same run, the same questions)."""

    def __init__(self, path: list[int] | None = None, counting: bool = True) -> None:
        super().__init__()
        self.path = path or []
        self.counts: list[int] = []
        self.counting = counting
        self.uncounted = False

    def answers_first(self) -> bool:
        return not self.counting and len(self.asked) >= len(self.path)

    def choose_first(self, player: str, about: str, first: str) -> str:
        self.asked.append(Question(player, about, (first,), first))
        self.counts.append(1)
        self.uncounted = True
        return first

    def counted(self) -> bool:
        """Whether every question's options were counted (next_path may be asked)."""
        return not self.uncounted

    def _pick(self, question: Question) -> str:
        i = len(self.asked)
        if question.weights is not None:  # chance is not searched for a way that works: its first outcome
            self.counts.append(1)
            return question.options[0]
        self.counts.append(len(question.options))
        return question.options[self.path[i] if i < len(self.path) else 0]

    def next_path(self) -> list[int] | None:
        """The next path to try after this one was refused (the last question's next option
        first), or None when every path was tried."""
        assert not self.uncounted, "a run with uncounted options: run it again counting them"
        taken = [self.path[i] if i < len(self.path) else 0 for i in range(len(self.counts))]
        for i in reversed(range(len(taken))):
            if taken[i] + 1 < self.counts[i]:
                return taken[:i] + [taken[i] + 1]
        return None
