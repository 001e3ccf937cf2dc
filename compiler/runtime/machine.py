"""A game others can drive, in the shape game-AI tools know: OpenSpiel's `State`.

An `Episode` is a state and the triggers to run on it, in order (an example's `when`, or the turns
a driver schedules). Every question an effect asks is a decision: `current_player()` is the seat
that answers, `legal_actions()` are the indices of the options, `action_to_string()` names one,
`apply_action()` answers. When no question is left the episode `is_terminal()`, and `returns()`
reads each player's score (the counter game.yaml names `score`).

The runtime cannot stop in the middle of an effect, so an episode replays: after each answer it
runs the triggers again, from a copy of the start state, with the answers given so far, up to
the first question not yet answered. The runtime is deterministic, so a replay is the same run;
the price is one replay per decision, which the short decision sequences of a turn can afford.
A die rolled or a card shuffled inside an effect is a chance question (Decider.chance), which the
episode shows as a chance node.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.limits import Runaway, budget
from .decider import Decider, Question
from .state import Illegal, State

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame

TERMINAL = -4  # OpenSpiel's kTerminalPlayerId
CHANCE = -1  # OpenSpiel's kChancePlayerId


class _Pause(Exception):
    """The replay reached a question that has no answer yet. Not an Illegal: trials let it through."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.about)
        self.question = question


class _Replay(Decider):
    """Answers with the options' indices given so far, in order; pauses at the first one missing.

    `memo`: the verdicts of the trials (`can`) that earlier runs of the same step made, in order,
    with the steps each charged. A run with one answer more is the same run up to where the last
    one paused (the runtime is deterministic and a trial changes nothing but the budget), so its
    first trials are answered from the memo and charged what they cost: the same verdicts, the same
    budget, without trying every option again at each answer (atomic.py keeps one per step)."""

    def __init__(
        self,
        answers: list[int],
        memo: list[tuple[bool, int]] | None = None,
        struck: Sequence[tuple[int, str, str]] = (),
    ) -> None:
        super().__init__()
        self.answers = answers
        self.memo = memo
        self.recalled = 0
        self.struck = struck  # (question, option, why): answers the rules refused, not offered again (atomic.py)
        # a run that waits for answers where it stops instead of pausing (atomic._Live): the
        # greenlet to hand each question to, set each time the run is resumed
        self.waiter: Any = None

    def choose(self, player: str, about: str, options: list[str]) -> str:
        if self.struck:
            asked = len(self.asked)
            refused = {option for question, option, _why in self.struck if question == asked}
            options = [option for option in options if option not in refused]
            if not options:
                raise Illegal(f"every answer to '{about}' was refused")
        return super().choose(player, about, options)

    def recall(self, trial: Callable[[], bool], state: State) -> bool:
        memo = self.memo
        if memo is None:
            return trial()
        i = self.recalled
        self.recalled += 1
        box = budget(state)
        if i < len(memo):
            verdict, steps = memo[i]
            box.used += steps  # what it charged then: the run's budget reads the same as it did
            return verdict
        before = box.used
        verdict = trial()
        memo.append((verdict, box.used - before))
        return verdict

    def _pick(self, question: Question) -> str:
        while len(self.asked) == len(self.answers):
            if self.waiter is None:
                raise _Pause(question)
            self.waiter.switch(question)  # back when the question has its answer (atomic._Live)
        return question.options[self.answers[len(self.asked)]]


class Episode:
    """OpenSpiel's State over the runtime: `game` and `state` as the runtime knows them; `when` as
    in an example (`{event: name, by: p1}`, `{build: id, by: p2}`, or a list of those);
    `handlers` runs the generated code instead of the interpreter (compiler/codegen/engine.py)."""

    def __init__(self, game: CompiledGame, state: State, when: dict[str, Any] | list, handlers: Any = None) -> None:
        self.game, self.when, self.handlers = game, when, handlers
        self._start = state.copy(new_run=True)
        self._history: list[int] = []
        self._advance()

    # ------------------------------------------------------------------ OpenSpiel's State

    def current_player(self) -> int:
        """The seat of the player who answers next, or TERMINAL."""
        if self._question is None:
            return TERMINAL
        if self._question.weights is not None:  # a die rolled, a card shuffled: chance answers
            return CHANCE
        return self._state.player(self._question.player).seat

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self._question is None or (player is not None and player != self.current_player()):
            return []
        return list(range(len(self._question.options)))

    def action_to_string(self, player: int, action: int) -> str:
        if self._question is None or player != self.current_player() or action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal for seat {player} now")
        return self._question.options[action]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal now (legal: {self.legal_actions()})")
        self._history.append(action)
        self._advance()

    def is_terminal(self) -> bool:
        return self._question is None

    def is_chance_node(self) -> bool:
        return self._question is not None and self._question.weights is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome of the chance question waiting, with its probability ([] elsewhere)."""
        if not self.is_chance_node():
            return []
        assert self._question is not None and self._question.weights is not None
        total = sum(self._question.weights)
        return [(i, w / total) for i, w in enumerate(self._question.weights)]

    def num_players(self) -> int:
        return len(self._start.players)

    def returns(self) -> list[float]:
        """Each seat's score at the end (0 before): the counter game.yaml names `score`. A refused
        episode (the triggers could not be carried out) changes nothing, so it scores the start state."""
        if not self.is_terminal():
            return [0.0] * self.num_players()
        score = self.game.game.score
        if score is None:
            raise ValueError(f"{self.game.id} names no score counter (game.yaml: score)")
        final = self._start if self.refused else self._state
        return [float(p.values.get(score, 0)) for p in sorted(final.players, key=lambda p: p.seat)]

    def history(self) -> list[int]:
        return list(self._history)

    def clone(self) -> Episode:
        twin = object.__new__(Episode)
        twin.__dict__.update(self.__dict__)
        twin._history = list(self._history)  # the rest is never changed in place
        return twin

    def __str__(self) -> str:
        if self._question is None:
            return "refused: " + self.refused if self.refused else "terminal"
        q = self._question
        return f"{q.player}: {q.about} [{', '.join(q.options)}]"

    # ------------------------------------------------------------------ beyond OpenSpiel

    @property
    def question(self) -> Question | None:
        """The question waiting for an answer (who, about what, the options), if any."""
        return self._question

    @property
    def asked(self) -> list[Question]:
        """Every question answered so far, with its answer, in order."""
        return list(self._asked)

    @property
    def state(self) -> State:
        """The state as it stands: after the answers so far (at the end: the final state). Read it;
        the episode and its clones share it until the next answer replaces it."""
        return self._state

    @property
    def refused(self) -> str:
        """Why the triggers could not be carried out ('' when they could)."""
        return self._refused

    def _advance(self) -> None:
        from .when import trigger

        state = self._start.copy(new_run=True)  # each replay is a run with a budget of its own
        decider = _Replay(self._history)
        self._question: Question | None = None
        self._refused = ""
        try:
            trigger(self.game, state, self.when, decider, handlers=self.handlers)
        except _Pause as pause:
            self._question = pause.question
        except (Illegal, Runaway) as exc:
            self._refused = str(exc) or type(exc).__name__
        self._state = state
        self._asked = decider.asked
