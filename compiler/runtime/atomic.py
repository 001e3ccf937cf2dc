"""Atomic steps: a `do`, a `fire` or a move carried out, re-run from its snapshot with the answers
given so far whenever it asks a question (the runner's `ATOM` frames, `[ATOM, op, what, seat,
snapshot, answers, verdicts, struck]`), so that answering never replays the game, only the step;
the verdicts of the trials its runs made (`choose`/`may` options tried) are recalled by the next
run instead of tried again (machine._Replay). An answer the rules then refuse is struck from its
question, which is asked again (`struck`: (question, option, why) triples).
"""

from __future__ import annotations

from ..core.limits import Runaway
from .decider import Question
from .interpreter import _made, fire
from .machine import _Pause, _Replay
from .menus import Menus
from .program import A_DO, A_MOVE, Node, StepRefused
from .state import Illegal, State


class Atomic(Menus):
    """The runner's atomic steps (a mixin of flow.GameState)."""

    def _atom(self, frame: list) -> bool:
        """Run one atomic step from its snapshot with the answers so far: True when it asks a
        question not answered yet (the node is set), False when it is done."""
        _k, op, what, seat, snapshot, answers, verdicts, struck = frame
        if snapshot is None:
            snapshot = frame[4] = self.state
            if op == A_MOVE and len(what) == 2:
                tried = self._kept_trial(what[0], seat, what[1])
                if tried is not None:  # tried on this very state, asking nothing: the same result
                    self.state = tried
                    return False
        # each atomic step is a run, with the step budget of one; the snapshot is not changed while
        # the copy lives (it is the state this step replaces), so the copy may be lazy
        state = snapshot.copy(new_run=True, lazy=True)
        decider = _Replay(answers, verdicts, struck)
        try:
            if op == A_MOVE:
                name, card_id = self.program.move_of(what[1])
                player = state.players[seat]  # acting with the card, as a trial's context (menus._trial_ctx)
                event = {"move": name, "card": card_id}
                ctx = _made(
                    self.game, state, decider, player, player, self.game.cards[card_id], event, 0, self.handlers
                )
                self._run_move(ctx, name, slice(None))
            elif op == A_DO:
                self._flow_run(self._ctx(seat, decider, state), what)
            else:
                actor = state.players[seat]
                fire(self.game, state, self.program.steps[what].arg, actor, decider, {}, handlers=self.handlers)
        except _Pause as pause:
            self._ask(pause.question, next((why for q, _o, why in reversed(struck) if q == len(answers)), ""))
            return True
        except Illegal as refused:
            if answers:  # refused after the player's answers: the last is struck, its question asked again
                _strike(frame, decider, str(refused))
                return self._atom(frame)
            if op == A_MOVE and self._fallback(frame):
                return self._atom(frame)
            if op != A_MOVE:  # a step of the flow itself: changing nothing would hide it
                raise StepRefused(what, str(refused)) from None
            state = snapshot.copy(new_run=True)  # a move the rules refuse changes nothing
        except Runaway as runaway:  # (data that asks too much: no other answer is tried)
            if op == A_MOVE and self._fallback(frame):
                return self._atom(frame)
            if op != A_MOVE:
                raise StepRefused(what, str(runaway)) from None
            state = snapshot.copy(new_run=True)
        self.state = state
        return False

    def _fallback(self, frame: list) -> bool:
        """A move picked earlier that can no longer be made (an earlier move changed the state) is
        replaced, once, by the first move of the menu that can be made with the same card."""
        sid, action = frame[2][:2]
        if len(frame[2]) > 2:
            return False
        name, card_id = self.program.move_of(action)
        for other in self.program.steps[sid].arg.moves:
            if other != name and self._can_move_on(frame[4], frame[3], other, card_id):
                frame[2] = (sid, self.program.move_action(self.program.move_names.index(other), card_id), "fallback")
                frame[5] = []
                frame[6] = []  # another move: its trials are not these
                frame[7] = []
                return True
        return False

    def _can_move_on(self, state: State, seat: int, name: str, card_id: str) -> bool:
        saved = self.state
        self.state = state
        try:
            return self._can_move(seat, name, card_id)
        finally:
            self.state = saved

    def _ask(self, question: Question, note: str = "") -> None:
        seat = self.state.player(question.player).seat
        labels = [f"{question.about}: {o}" for o in question.options]
        self.node = Node("question", seat, list(range(len(question.options))), labels, about=question.about, note=note)


def _strike(frame: list, decider: _Replay, why: str) -> None:
    """A step the rules refused after its player's last answer: that answer is struck from its
    question's options, the question to be asked again, as a player told that the rules do not
    allow it picks another. With every option of a question struck, the question itself refuses
    (machine._Replay), and the answer before it is struck in turn; with no answer left, the step
    is refused as a whole. The trials' verdicts are made again: the run goes another way. `why`:
    the refusal, told with the question asked again (Node.note)."""
    answers = frame[5]
    last = len(answers) - 1
    option = decider.asked[last].options[answers[last]]
    # (question, option, why); those past the question struck other ways
    frame[7] = [s for s in frame[7] if s[0] <= last] + [(last, option, f"not {option}: {why}")]
    answers.pop()
    frame[6] = []
