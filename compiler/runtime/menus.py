"""Turns: a menu of moves whose legal ones are found by trying them (the runner's `turn` frames).

A turn's frame is `[TURN, step, seats, -, picked, picks]`. Each seat's legal moves are the moves of
the menu that succeed when tried with each card of their selector on a copy of the state; once every
seat has picked, the moves are carried out in turn order, each an atomic step (atomic.py).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from ..core.limits import Runaway
from . import judging
from .decider import Decider, FirstLegal, Searching
from .interpreter import Context
from .program import A_MOVE, ATOM, TRIES, BuildParts, Labels, Node, Runner
from .state import Illegal, State


class Menus:
    """A game's turns: each seat's menu of legal moves, and a move carried out (flow.GameState's part)."""

    def __init__(self, run: Runner) -> None:
        self.run = run  # the game state whose turns these are (flow.GameState)
        # the state trials started from and, by (turn step, seat), what it held when they ran (its
        # fingerprint) with the states they reached without a question, by move
        self._trials: tuple[State | None, dict[tuple[int, int], tuple[tuple, dict[int, State]] | None]] = (None, {})
        # during a seat's menu: the states its builds are judged on (by id), each with the context
        # judging them, which holds what is read of it once for all of them (judging.On)
        self._judging: dict[int, judging.Judging] = {}

    def turn(self, frame: list) -> bool:
        _k, sid, seats, _menus, picked, picks = frame
        if picked < len(seats):
            seat = seats[picked]
            # only the first move carried out can start from the state its trials did: the seats
            # before this one must all have passed for its trials to be worth keeping
            actions = self.legal_moves(sid, seat, keep=all(p < 0 for p in picks))
            if not actions:  # nothing can be done with any card: the player's turn passes
                picks.append(-1)
                frame[4] += 1
                return self.turn(frame)
            self.run.node = Node("menu", seat, actions, Labels(actions, self.run.program.label))
            return True
        # every pick is made: carry them out in turn order, each one atomic
        self.run.stack.pop()
        for seat, action in reversed(list(zip(seats, picks))):
            if action >= 0:
                self.run.stack.append([ATOM, A_MOVE, (sid, action), seat, None, [], [], [], None])
        return False

    def legal_moves(self, sid: int, seat: int, keep: bool = True) -> list[int]:
        """The moves of the menu that succeed when tried, each with each card of its selector. The
        actions a move begins with that never read its card (no `field`, no `event`) are tried once
        for all the cards, and the rest of the move per card from where they left the state. When
        they ask questions, each way of answering that works is a state the rest may start from:
        those are found one at a time, as a card needs them, and shared by the cards. The actions
        a move ends with that can never be refused are not tried (sure.py), and a last one to try
        that builds one card is judged from the state where that is exact (judging.py)."""
        prog = self.run.program
        ctx = self.run.ctx(seat)
        actions: list[int] = []
        kept: dict[int, State] = {}  # the states that moves reached asking nothing, for reuse
        self._judging = {}  # the states builds are judged on, each read once (_judging_ctx)
        found: dict[str, list[str]] = {}  # the cards of each `card` selector (Program.same_cards)
        for name in prog.steps[sid].arg.moves:
            if prog.flow.moves[name].card is None:  # a move with no card: offered once, if it can be made
                if not prog.sure_from[name] or self.can_move(seat, name, None):
                    actions.append(prog.move_action(prog.move_names.index(name), None))
                continue
            same = prog.same_cards[name]
            cards = found.get(same)
            if cards is None:
                cards = found[same] = list(
                    dict.fromkeys(card_id for _holder, card_id in self.run.move_cards(ctx, name))
                )
            self._move_made(seat, name, cards, actions, kept)
        if keep:
            self._keep_trials(sid, seat, kept)
        return sorted(actions)

    def _move_made(self, seat: int, name: str, cards: list[str], actions: list[int], kept: dict[int, State]) -> None:
        """The cards a move of the menu can be made with, as actions (appended to `actions`), and
        the states that trying the whole move reached asking nothing (`kept`, by action)."""
        prog = self.run.program
        index, whole = prog.move_names.index(name), len(prog.flow.moves[name].do)
        end = prog.sure_from[name]  # the actions from `end` on need no trial
        split = min(prog.shared_prefix[name], end)
        if not end:  # nothing to try: the move can be made with every card
            actions += prog.move_actions(index, cards)
            return
        if name in prog.guarded:  # one action, judged by its guard where it can be
            self._guard_cards(seat, name, index, cards, actions, kept if end == whole else None)
            return
        if not split and end == 1 and 0 in prog.judged[name]:  # one build per card, judged
            self._judge_cards(seat, name, index, cards, actions, kept if end == whole else None)
            return
        starts = self._starts(seat, name, cards[0], split, end) if cards and split else None
        if starts is not None and split == end:  # all it tries is shared by the cards: tried once
            first = next(iter(starts), None)
            if first is not None:
                made = prog.move_actions(index, cards)
                actions += made
                if first[1] and end == whole:  # the whole move was tried: its state is its result
                    kept.update(dict.fromkeys(made, first[0]))
            return
        for card_id in cards:
            tried = self._try_after(seat, starts, name, card_id, split, end)
            if tried is not None:
                action = prog.move_action(index, card_id)
                actions.append(action)
                if tried[1] and end == whole:  # the whole move was tried: its state is its result
                    kept[action] = tried[0]

    def _guard_cards(
        self, seat: int, name: str, index: int, cards: list[str], actions: list[int], kept: dict[int, State] | None
    ) -> None:
        """The legal moves among a move that is one action whose guard judges it (Primitive.guard),
        for each of the cards (appended to `actions`): read on a copy of the state (a run of its
        own: what the guard reads charges it), else tried (its state `kept` when it asked nothing)."""
        prog = self.run.program
        action = prog.flow.moves[name].do[0]
        view = self.run.state.copy(new_run=True, lazy=True)
        for card_id in cards:
            try:
                verdict = action.primitive.guard(
                    action.arg, self._trial_ctx(seat, FirstLegal(), view, name, card_id), prog.sure
                )
            except (Illegal, Runaway):
                verdict = None
            if verdict:
                actions.append(prog.move_action(index, card_id))
            elif verdict is None:
                self._tried_alone(seat, name, index, card_id, actions, kept)

    def _judge_cards(
        self, seat: int, name: str, index: int, cards: list[str], actions: list[int], kept: dict[int, State] | None
    ) -> None:
        """The legal moves among a move that is one build of one card that must be built, for each
        of the cards (appended to `actions`): judged on the state in one context, its card and event
        set for each (_judging_ctx's), else tried (and its state `kept` when it asked nothing)."""
        prog = self.run.program
        parts = self._build_parts(name, 0)
        zone = prog.own_builds.get(name)
        quick = (
            judging.own_builds(self._judging_ctx(seat, self.run.state, name, cards[0]), zone, cards)
            if zone and cards
            else None
        )
        for i, card_id in enumerate(cards):
            verdict = quick[i] if quick is not None else judging._SLOW
            if verdict is judging._SLOW:
                verdict = _judged_build(self._judging_ctx(seat, self.run.state, name, card_id), parts)
            if verdict:
                actions.append(prog.move_action(index, card_id))
            elif verdict is None:
                self._tried_alone(seat, name, index, card_id, actions, kept)

    def _tried_alone(
        self, seat: int, name: str, index: int, card_id: str, actions: list[int], kept: dict[int, State] | None
    ) -> None:
        """A one-action move with a card that reading could not judge, as trying it finds (appended
        to `actions` when legal; its state `kept` when it asked nothing)."""
        tried = self._try(seat, self.run.state, name, card_id, slice(0, 1))
        if tried is not None:
            action = self.run.program.move_action(index, card_id)
            actions.append(action)
            if tried[1] and kept is not None:
                kept[action] = tried[0]

    def _starts(self, seat: int, name: str, card_id: str, split: int, end: int) -> _Found:
        """The states the actions a move begins with that read no card reach (its shared prefix):
        judged when they are all it tries (the state itself, if they can be carried out), else tried."""
        verdict = self._judged(seat, self.run.state, name, card_id, 0, split) if split == end else None
        if verdict is not None:
            return _Found(iter([(self.run.state, False)] if verdict else []))
        return _Found(self._outcomes(seat, self.run.state, name, card_id, slice(0, split)))

    def _try_after(
        self, seat: int, starts: _Found | None, name: str, card_id: str, split: int, end: int
    ) -> tuple[State, bool] | None:
        """The first state the rest of a move (up to `end`) reaches with this card from one of the
        states its shared actions reach (in the order searched); whether no question was asked on the way."""
        if starts is None:
            return self._try_rest(seat, self.run.state, name, card_id, 0, end)
        for start, quiet in starts:
            tried = (start, True) if split == end else self._try_rest(seat, start, name, card_id, split, end)
            if tried is not None:
                return tried[0], quiet and tried[1]
        return None

    def _try_rest(
        self, seat: int, start: State, name: str, card_id: str, begin: int, end: int
    ) -> tuple[State, bool] | None:
        """A move's actions from `begin` to `end` carried out on a copy of `start` (_try), or judged
        from `start` when they are one build that may be (judging.py): the state itself then, and no
        state of its own to keep."""
        verdict = self._judged(seat, start, name, card_id, begin, end)
        if verdict is None:
            return self._try(seat, start, name, card_id, slice(begin, end))
        return (start, False) if verdict else None

    def _judged(self, seat: int, start: State, name: str, card_id: str, begin: int, end: int) -> bool | None:
        """Whether a move's actions from `begin` to `end` succeed on `start`, told by reading it when
        they are one build of one card that must be built (judging.py); None: they must be tried."""
        if end - begin != 1 or begin not in self.run.program.judged[name]:
            return None
        return _judged_build(self._judging_ctx(seat, start, name, card_id), self._build_parts(name, begin))

    def _judging_ctx(self, seat: int, start: State, name: str, card_id: str) -> judging.Judging:
        """A context judging a move's build on `start`: one per state judged on in a seat's menu
        (with what is read of the state once: judging.On), its card and event set anew for each
        build judged, each judged as a trial of its own (On.fresh: a budget of its own; the
        questions build()'s context asks are cleared by judging._judged)."""
        ctx = self._judging.get(id(start))
        if ctx is None or ctx.on.start is not start:
            on = judging.On(start, self.run.game, self.run.handlers)
            trial = self._trial_ctx(seat, FirstLegal(), on.view, name, card_id)
            ctx = self._judging[id(start)] = judging.context(trial, self.run.program.judging, on)
            return ctx
        ctx.on.fresh()
        ctx.card, ctx.event = self.run.game.cards[card_id], {"move": name, "card": card_id}
        return ctx

    def _build_parts(self, name: str, index: int) -> BuildParts:
        """What judging reads of a move's build (its count, its candidates, whether it is free):
        the generated handlers' functions when the game is played through them, else the
        interpreter's (Program.builds)."""
        found = self.run.handlers.builds.get((name, index)) if self.run.handlers is not None else None
        return found if found is not None else self.run.program.builds[(name, index)]

    def _keep_trials(self, sid: int, seat: int, kept: dict[int, State]) -> None:
        """Keep the states a seat's trials reached, with what the state they started from held: the
        move picked is then carried out by taking its trial's state (atomic.py) when the game's state
        still holds the same, which is what running the move again would give (the same actions on
        the same state, no question asked). A state edited by hand in between is seen and tried
        anew. Each seat's trials keep what their own start held (a seat with none kept, nothing), so
        that keeping costs one fingerprint and no comparison."""
        base, by_seat = self._trials
        if base is not self.run.state:
            by_seat = {}
        entry = (self.run.state.fingerprint(), kept) if kept else None
        self._trials = (self.run.state, {**by_seat, (sid, seat): entry})

    def kept_trial(self, sid: int, seat: int, action: int) -> State | None:
        """The state a trial of this move reached from the game's state as it is now, if kept."""
        base, by_seat = self._trials
        entry = by_seat.get((sid, seat)) if base is self.run.state else None
        found = entry[1].get(action) if entry is not None else None
        return found if found is not None and entry is not None and entry[0] == self.run.state.fingerprint() else None

    def run_move(self, ctx: Context, name: str, part: slice) -> None:
        """Carry out some of a move's actions: through the generated handlers' functions (one per
        action, each charging its step as the interpreter's `run` does) when the game state has
        them, else through the interpreter."""
        moves = self.run.handlers.moves if self.run.handlers is not None else None
        if moves:
            for action in moves[name][part]:
                action(ctx)
        else:
            ctx.run(self.run.program.flow.moves[name].do[part])

    def _try(self, seat: int, start: State, name: str, card_id: str, actions: slice) -> tuple[State, bool] | None:
        """The state after carrying out a move's actions on a copy of `start`, answering its
        questions along the first path of answers that works, and whether it asked none; None
        when no path works: a move is legal when some answers make it succeed. The first run
        (every answer the first option) is made here, the search only when it is refused."""
        trial = start.copy(new_run=True, lazy=True)  # a run of its own, with its own budget
        decider = Searching(counting=False)
        try:
            self.run_move(self._trial_ctx(seat, decider, trial, name, card_id), name, actions)
        except (Illegal, Runaway):
            path = self._counted(seat, start, name, card_id, actions, decider).next_path()
            if path is None:
                return None
            return next(self._outcomes(seat, start, name, card_id, actions, path, TRIES - 1), None)
        return trial, not decider.asked

    def _outcomes(
        self,
        seat: int,
        start: State,
        name: str,
        card_id: str,
        actions: slice,
        path: list[int] | None = None,
        tries: int = 0,
    ) -> Iterator[tuple[State, bool]]:
        """The states a move's actions reach on copies of `start`, one per path of answers that
        works, in the order searched (depth first from `path`, at most `tries` runs in all, TRIES
        by default), each with whether it asked no question."""
        path = path or []
        for _ in range(tries or TRIES):
            trial = start.copy(new_run=True, lazy=True)  # a run of its own, with its own budget
            decider = Searching(path, counting=False)
            try:
                self.run_move(self._trial_ctx(seat, decider, trial, name, card_id), name, actions)
            except (Illegal, Runaway):
                pass
            else:
                yield trial, not decider.asked
            path = self._counted(seat, start, name, card_id, actions, decider).next_path()
            if path is None:
                return

    def _counted(
        self, seat: int, start: State, name: str, card_id: str, actions: slice, decider: Searching
    ) -> Searching:
        """The decider of a run whose questions beyond its path were asked with their first option
        alone (decider.Searching, counting), that run made again counting every option: the same
        run (the runtime is deterministic), to search on from. Not counted among the search's runs."""
        if decider.counted():
            return decider
        again = Searching(decider.path)
        trial = start.copy(new_run=True, lazy=True)
        try:
            self.run_move(self._trial_ctx(seat, again, trial, name, card_id), name, actions)
        except (Illegal, Runaway):
            pass
        return again

    def _trial_ctx(self, seat: int, decider: Decider, trial: State, name: str, card_id: str) -> Context:
        """The context a move's actions run in on a trial: the seat's player acts with the card (as
        _move_ctx derives it from _ctx, made in one step: a turn makes thousands)."""
        if not _PLAIN_CONTEXT:  # a field this method does not know
            return self._move_ctx(self.run.ctx(seat, decider, trial), name, card_id)
        player = trial.players[seat]
        ctx = _new(Context)
        ctx.__dict__ = _context_fields(
            game=self.run.game,
            state=trial,
            decider=decider,
            actor=player,
            owner=player,
            card=self._card(card_id),
            event=_event(name, card_id),
            depth=0,
            handlers=self.run.handlers,
        )
        return ctx

    def _move_ctx(self, ctx: Context, name: str, card_id: str | None) -> Context:
        return ctx.derive(card=self._card(card_id), event=_event(name, card_id))

    def _card(self, card_id: str | None) -> Any:
        """The card a move is made with (None: a move with no card)."""
        return None if card_id is None else self.run.game.cards[card_id]

    def can_move(self, seat: int, name: str, card_id: str | None) -> bool:
        trial = self.run.state.copy(new_run=True, lazy=True)  # a run of its own, with its own budget
        try:
            self.do_move(self.run.ctx(seat, FirstLegal(), trial), name, card_id)
        except (Illegal, Runaway):
            return False
        return True

    def do_move(self, ctx: Context, name: str, card_id: str | None) -> None:
        self.run_move(self._move_ctx(ctx, name, card_id), name, slice(None))


_new = object.__new__


def _event(name: str, card_id: str | None) -> dict[str, Any]:
    """A move's event: its name, and the card it is made with (when it has one)."""
    return {"move": name} if card_id is None else {"move": name, "card": card_id}


def _judged_build(ctx: judging.Judging, parts: BuildParts) -> bool | None:
    """A move's build judged (judging.judge) as carrying the action out would reach it, its count
    read; None when that is refused (trying tells why)."""
    count, candidates, free = parts
    found = judging.quick(ctx, count, candidates, free)
    if found is not judging._SLOW:
        return found
    try:
        return judging.judge(ctx, count(ctx), candidates, free)
    except (Illegal, Runaway):
        return None


def _context_fields(
    game: Any, state: Any, decider: Any, actor: Any, owner: Any, card: Any, event: Any, depth: Any, handlers: Any
) -> dict[str, Any]:
    """A Context's fields by name; its parameters are the fields Context declares (checked below)."""
    return dict(locals())


_PLAIN_CONTEXT = {f.name for f in fields(Context)} == set(inspect.signature(_context_fields).parameters)


class _Found:
    """The items of an iterator, drawn from it once as they are first needed, then read again."""

    def __init__(self, items: Iterator[tuple[State, bool]]) -> None:
        self.items = items
        self.found: list[tuple[State, bool]] = []

    def __iter__(self) -> Iterator[tuple[State, bool]]:
        i = 0
        while True:
            if i == len(self.found):
                item = next(self.items, None)
                if item is None:
                    return
                self.found.append(item)
            yield self.found[i]
            i += 1
