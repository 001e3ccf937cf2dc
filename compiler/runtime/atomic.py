"""Atomic steps: a `do`, a `fire` or a move carried out, re-run from its snapshot with the answers
given so far whenever it asks a question (the runner's `ATOM` frames, `[ATOM, op, what, seat,
snapshot, answers, verdicts]`), so that answering never replays the game, only the step; the
verdicts of the trials its runs made (`choose`/`may` options tried) are recalled by the next run
instead of tried again (machine._Replay). A step that asked once runs its second run in a thread
of its own that waits at each further question and goes on with its answer (live.py): a step of
q questions runs twice, not q + 1 times, with the same outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter
from typing import Any

from .decider import Decider, Question
from .interpreter import Context, _made, fire
from .limits import Runaway
from .live import Live, LiveDecider, Steps, thread_free
from .machine import _Pause, _Replay
from .menus import Menus
from .program import A_DO, A_MOVE, Node
from .state import Illegal, State


class Atomic(Menus):
    """The runner's atomic steps (a mixin of flow.GameState)."""

    _live: Steps  # the steps waiting in their threads for an answer (live.py)

    def _atom(self, frame: list) -> bool:
        """Run one atomic step from its snapshot with the answers so far: True when it asks a
        question not answered yet (the node is set), False when it is done."""
        live = self._live.waiting.pop(id(frame), None)
        if live is not None:
            if live.frame is frame and live.answered == len(frame[5]) - 1:  # its question answered
                return self._settle(frame, live, live.resume(frame[5][-1]))
            live.cancel()  # (not the step it was running: run it anew)
        _k, op, what, seat, snapshot, answers, verdicts = frame
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
        if answers and self._live.asks_more(self._kind(frame), len(answers)) and thread_free():
            # it asked, and steps of its kind asked more: it waits for its answers in a thread of its own
            live = Live(frame, state)
            return self._settle(
                frame, live, live.start(self._work(op, what, seat, state, LiveDecider(answers, verdicts, live)))
            )
        started = perf_counter()
        try:
            self._work(op, what, seat, state, _Replay(answers, verdicts))()
        except _Pause as pause:
            self._live.ran(self._kind(frame), perf_counter() - started)
            self._ask(pause.question)
            return True
        except (Illegal, Runaway):
            return self._refused(frame)
        if answers:
            self._live.asked(self._kind(frame), len(answers))
        self.state = state
        return False

    def _work(self, op: int, what: Any, seat: int, state: State, decider: Decider) -> Callable[[], None]:
        """The step's run on its state, as a function that holds neither the game state nor the
        runner (a step's thread must not keep a dropped game alive: live.py)."""
        if op == A_MOVE:
            name, card_id = self.program.move_of(what[1])
            player = state.players[seat]  # acting with the card, as a trial's context (menus._trial_ctx)
            event = {"move": name, "card": card_id}
            ctx = _made(self.game, state, decider, player, player, self.game.cards[card_id], event, 0, self.handlers)
            moves = self.handlers.moves if self.handlers is not None else None
            if moves:  # as menus._run_move carries a move out: its generated functions, or the interpreter
                return _each(moves[name], ctx)
            return _run(ctx, self.program.flow.moves[name].do)
        if op == A_DO:
            ctx = self._ctx(seat, decider, state)
            compiled = self.handlers.flow.get((what, "do")) if self.handlers is not None else None
            return _each((compiled,), ctx) if compiled is not None else _run(ctx, self.program.steps[what].arg)
        game, handlers, event, actor = self.game, self.handlers, self.program.steps[what].arg, state.players[seat]
        return lambda: fire(game, state, event, actor, decider, {}, handlers=handlers)

    def _kind(self, frame: list) -> tuple[int, Any]:
        """What a step is, for learning how many questions such steps ask: a `do` or `fire` step,
        or a move (by its name)."""
        return (frame[1], self.program.move_of(frame[2][1])[0] if frame[1] == A_MOVE else frame[2])

    def _settle(self, frame: list, live: Live, outcome: tuple[str, Any]) -> bool:
        """What a step running in its thread did next: asked (True), or ended, done or refused."""
        kind, value = outcome
        if kind == "ask":
            self._live.waiting[id(frame)] = live
            self._ask(value)
            return True
        if kind == "done":
            self._live.asked(self._kind(frame), len(frame[5]))
            self.state = live.state
            return False
        if isinstance(value, (Illegal, Runaway)):
            return self._refused(frame)
        raise value

    def _refused(self, frame: list) -> bool:
        """A step the rules refuse: a move is replaced (_fallback), else nothing changes."""
        if frame[1] == A_MOVE and self._fallback(frame):
            return self._atom(frame)
        self.state = frame[4].copy(new_run=True)  # a step the rules refuse changes nothing
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
                return True
        return False

    def _can_move_on(self, state: State, seat: int, name: str, card_id: str) -> bool:
        saved = self.state
        self.state = state
        try:
            return self._can_move(seat, name, card_id)
        finally:
            self.state = saved

    def _ask(self, question: Question) -> None:
        seat = self.state.player(question.player).seat
        labels = [f"{question.about}: {o}" for o in question.options]
        self.node = Node("question", seat, list(range(len(question.options))), labels, about=question.about)


def _each(functions: Any, ctx: Context) -> Callable[[], None]:
    def run() -> None:
        for function in functions:
            function(ctx)

    return run


def _run(ctx: Context, actions: Any) -> Callable[[], None]:
    return lambda: ctx.run(actions)
