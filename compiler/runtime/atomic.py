"""Atomic steps: a `do`, a `fire` or a move carried out, as one run from its snapshot (the
runner's `ATOM` frames, `[ATOM, op, what, seat, snapshot, answers, verdicts, struck, live]`).

A step that asks a question stops there: the first time by pausing (a run that asks nothing
costs nothing more), after that in a greenlet of its own (`live`, a _Live), which waits at each
question for its answer and goes on from there, so that a step of many questions runs once more,
not once per answer. A step is run again from its snapshot with the answers given so far only
where the live run is gone (a clone of the game, an answer struck): the runtime is deterministic,
so that run is the same. The verdicts of the trials a run made (`choose`/`may` options tried) are
kept for such a run, which recalls them instead of trying again (machine._Replay). An answer the
rules then refuse is struck from its question, which is asked again (`struck`: (question, option,
why) triples).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from greenlet import greenlet

from ..core.limits import Runaway
from .decider import Question
from .interpreter import _made, fire
from .machine import _Pause, _Replay
from .program import A_DO, A_MOVE, CHANCE, Node, Runner, StepRefused
from .state import Illegal, State


class Steps:
    """A game's atomic steps (flow.GameState's part): each run, and run on, with its answers."""

    def __init__(self, run: Runner) -> None:
        self.run = run  # the game state whose steps these are (flow.GameState)

    def atom(self, frame: list) -> bool:
        """Run one atomic step from its snapshot with the answers so far, or go on with its live run:
        True when it asks a question not answered yet (the node is set), False when it is done."""
        _k, op, what, seat, snapshot, answers, verdicts, struck, live = frame
        question: Question | None = None
        if snapshot is None:
            snapshot = frame[4] = self.run.state
            if op == A_MOVE and len(what) == 2:
                tried = self.run.menus.kept_trial(what[0], seat, what[1])
                if tried is not None:  # tried on this very state, asking nothing: the same result
                    self.run.state = tried
                    return False
        try:
            if live is not None and live.waits_for(answers):
                state, decider = live.state, live.decider
                question = live.resume()
            else:
                # each atomic step is a run, with the step budget of one; the snapshot is not changed
                # while the copy lives (it is the state this step replaces), so the copy may be lazy
                state = snapshot.copy(new_run=True, lazy=True)
                decider = _Replay(answers, verdicts, struck)
                if answers:  # it asks: from now on it waits at its questions (_Live)
                    live = frame[8] = _Live(partial(self.carry, op, what, seat, state, decider), state, decider)
                    question = live.resume()
                else:
                    frame[8] = None
                    self.carry(op, what, seat, state, decider)
        except _Pause as pause:
            question = pause.question
        except Illegal as refused:
            frame[8] = None
            if answers and _strike(frame, decider, str(refused)):
                # refused after the player's answers: the last is struck, its question asked again
                return self.atom(frame)
            if op == A_MOVE and self._fallback(frame):
                return self.atom(frame)
            if op != A_MOVE:  # a step of the flow itself: changing nothing would hide it
                raise StepRefused(what, str(refused)) from None
            state = snapshot.copy(new_run=True)  # a move the rules refuse changes nothing
        except Runaway as runaway:  # (data that asks too much: no other answer is tried)
            frame[8] = None
            if op == A_MOVE and self._fallback(frame):
                return self.atom(frame)
            if op != A_MOVE:
                raise StepRefused(what, str(runaway)) from None
            state = snapshot.copy(new_run=True)
        if question is not None:
            self._ask(question, next((why for q, _o, why in reversed(struck) if q == len(answers)), ""))
            return True
        frame[8] = None
        self.run.state = state
        return False

    def carry(self, op: int, what: Any, seat: int, state: State, decider: _Replay) -> None:
        """Carry an atomic step out on `state` (a copy of its snapshot), its questions answered by
        `decider`."""
        if op == A_MOVE:
            name, card_id = self.run.program.move_of(what[1])
            player = state.players[seat]  # acting with the card, as a trial's context (menus._trial_ctx)
            event = {"move": name} if card_id is None else {"move": name, "card": card_id}
            card = None if card_id is None else self.run.game.cards[card_id]
            ctx = _made(self.run.game, state, decider, player, player, card, event, 0, self.run.handlers)
            self.run.menus.run_move(ctx, name, slice(None))
        elif op == A_DO:
            self.run.flow_run(self.run.ctx(seat, decider, state), what)
        else:
            actor = state.players[seat]
            fire(self.run.game, state, self.run.program.steps[what].arg, actor, decider, {}, handlers=self.run.handlers)

    def _fallback(self, frame: list) -> bool:
        """A move picked earlier that can no longer be made (an earlier move changed the state) is
        replaced, once, by the first move of the menu that can be made with the same card."""
        sid, action = frame[2][:2]
        if len(frame[2]) > 2:
            return False
        name, card_id = self.run.program.move_of(action)
        if card_id is None:  # a move with no card has no other way to be made
            return False
        moves = self.run.program.flow.moves
        for other in self.run.program.steps[sid].arg.moves:
            if other == name or moves[other].card is None:
                continue
            if self._can_move_on(frame[4], frame[3], other, card_id):
                frame[2] = (
                    sid,
                    self.run.program.move_action(self.run.program.move_names.index(other), card_id),
                    "fallback",
                )
                frame[5] = []
                frame[6] = []  # another move: its trials are not these
                frame[7] = []
                return True
        return False

    def _can_move_on(self, state: State, seat: int, name: str, card_id: str) -> bool:
        saved = self.run.state
        self.run.state = state
        try:
            return self.run.menus.can_move(seat, name, card_id)
        finally:
            self.run.state = saved

    def _ask(self, question: Question, note: str = "") -> None:
        labels = [f"{question.about}: {o}" for o in question.options]
        actions = list(range(len(question.options)))
        if question.weights is not None:  # a chance outcome inside the step (a die, a shuffle)
            self.run.node = Node("chance", CHANCE, actions, labels, list(question.weights), about=question.about)
            self.run.node.told = question.told
            return
        seat = self.run.state.player(question.player).seat
        self.run.node = Node("question", seat, actions, labels, about=question.about, note=note)


class _Live:
    """An atomic step's run in a greenlet of its own: it waits at each question (machine._Replay
    hands the question to the greenlet that resumed it) and goes on from there once answered."""

    __slots__ = ("run", "state", "decider")

    def __init__(self, carry: Any, state: State, decider: _Replay) -> None:
        self.run = greenlet(carry)
        self.state, self.decider = state, decider

    def waits_for(self, answers: list[int]) -> bool:
        """Whether it waits at the question the last of `answers` answers (it asked all the others)."""
        return not self.run.dead and len(self.decider.asked) == len(answers) - 1

    def resume(self) -> Question | None:
        """Go on until the next question (returned) or the end of the step (None); what refuses the
        step is raised here."""
        self.decider.waiter = greenlet.getcurrent()
        try:
            question = self.run.switch()
        finally:
            self.decider.waiter = None
        return None if self.run.dead else question


def _strike(frame: list, decider: _Replay, why: str) -> bool:
    """A step the rules refused after its player's last answer: that answer is struck from its
    question's options, the question to be asked again, as a player told that the rules do not
    allow it picks another. With every option of a question struck, the question itself refuses
    (machine._Replay), and the answer before it is struck in turn; with no answer left, the step
    is refused as a whole. The trials' verdicts are made again: the run goes another way. `why`:
    the refusal, told with the question asked again (Node.note). A chance outcome is never struck:
    those after the struck answer are drawn again; False when no player answered (nothing to strike)."""
    answers = frame[5]
    asked = decider.asked
    # the last answer a player gave (chance outcomes after it are drawn again; none: nothing to strike)
    last = next((i for i in reversed(range(len(answers))) if asked[i].weights is None), -1)
    if last < 0:
        return False
    del answers[last + 1 :]
    option = asked[last].options[answers[last]]
    # (question, option, why); those past the question struck other ways
    frame[7] = [s for s in frame[7] if s[0] <= last] + [(last, option, f"not {option}: {why}")]
    answers.pop()
    frame[6] = []
    return True
