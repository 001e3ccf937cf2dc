"""A whole game, played from a seed, as OpenSpiel's `State`: the runner of game.yaml's `flow`.

`GameState(game, players, seed)` walks the flow (compiler/lang/flow.py) with a stack of plain
frames held in the state: lists of ints and card ids, so `clone()` copies them and the runtime
state, and a game can stop at any decision and go on from a copy. There are three kinds of node:

- chance (`is_chance_node()`): a card dealt or drawn. Outcomes are card indices (in the game's
  card order) with their probabilities; `sample_chance()` draws one from the generator held in the
  state (splitmix64 over one integer), so the same seed deals the same game on either engine.
- a menu (`turn`): the legal moves, each `move * cards + card`, found by trying every move of the
  menu with every card of its selector on a copy of the state (as `choose` does).
- a question asked inside one atomic step (a card's effect asking which neighbour to buy from):
  the step is re-run from its snapshot with the answers so far (as machine.Episode does for a
  trigger), never the game from its start; the answer is the option's index.

After a `simultaneous` turn's picks (each made on the same state, earlier picks hidden), the moves
are carried out in turn order, each an atomic step. `apply_action` costs the same at any point of
a game: nothing is replayed but the current atomic step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..lang.flow import Step
from .decider import Decider, FirstLegal, Question, Searching
from .interpreter import Context, fire
from .limits import Runaway
from .machine import TERMINAL, _Pause, _Replay
from .state import Illegal, State, new_state

if TYPE_CHECKING:  # pragma: no cover
    from ..compiled import CompiledGame

CHANCE = -1  # OpenSpiel's kChancePlayerId
TRIES = 64  # the most runs spent searching for answers that make one move succeed
_MASK = (1 << 64) - 1

# frame kinds: the first item of each frame (a list)
BLOCK, REPEAT, EACH, DEAL, TURN, ATOM = range(6)
# what an atomic step does
A_DO, A_FIRE, A_MOVE = range(3)


class FlowError(Exception):
    """A game that cannot be played as its flow says (no flow, a player count out of range)."""


def splitmix(seed: int) -> tuple[int, int]:
    """One step of splitmix64: (next state, a 64-bit output)."""
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return seed, z ^ (z >> 31)


class Program:
    """A game's flow, numbered: every step an int, every list of steps (block) an int."""

    def __init__(self, game: "CompiledGame") -> None:
        flow = game.game.flow
        if flow is None:
            raise FlowError(f"{game.game.name} has no flow in game.yaml: it cannot be played as a whole game")
        self.game, self.flow = game, flow
        self.steps: list[Step] = []
        self.blocks: list[tuple[int, ...]] = []
        self.bodies: dict[int, tuple[int, ...]] = {}  # step id -> its blocks (if: then, else)
        self.setup = self._block(flow.setup)
        self.play = self._block(flow.play)
        self.card_ids = list(game.cards)
        self.card_index = {cid: i for i, cid in enumerate(self.card_ids)}
        self.move_names = list(flow.moves)
        # how many of a move's first actions never read the card it is made with
        self.shared_prefix = {name: _card_free_prefix(move.do) for name, move in flow.moves.items()}
        self.rank = list(flow.rank) or ([game.game.score] if game.game.score else [])
        self._decks: dict[tuple[int, int], tuple[list[str], list[tuple[list[str], int]]]] = {}

    def _block(self, steps: list[Step]) -> int:
        ids = []
        for step in steps:
            sid = len(self.steps)
            self.steps.append(step)
            ids.append(sid)
            arg = step.arg
            if step.key in ("repeat", "each_player"):
                self.bodies[sid] = (self._block(arg.steps),)
            elif step.key == "if":
                self.bodies[sid] = (self._block(arg.then), self._block(arg.else_))
        self.blocks.append(tuple(ids))
        return len(self.blocks) - 1

    def deck(self, players: int, key: int) -> tuple[list[str], list[tuple[list[str], int]]]:
        from .deck import deck_parts

        if (players, key) not in self._decks:
            self._decks[(players, key)] = deck_parts(self.game, players, key)
        return self._decks[(players, key)]

    def move_action(self, move: int, card_id: str) -> int:
        return move * len(self.card_ids) + self.card_index[card_id]

    def move_of(self, action: int) -> tuple[str, str]:
        move, card = divmod(action, len(self.card_ids))
        return self.move_names[move], self.card_ids[card]


def _reads_card(node: Any) -> bool:
    """Whether an action tree reads the card in view (`field`) or the event (`event`)."""
    from ..lang.model import Condition, Expression

    if isinstance(node, (Expression, Condition)) and node.key in ("field", "event"):
        return True
    if isinstance(node, BaseModel):
        return any(_reads_card(getattr(node, name)) for name in type(node).model_fields)
    if isinstance(node, (list, tuple)):
        return any(_reads_card(item) for item in node)
    if isinstance(node, dict):
        return any(_reads_card(item) for item in node.values())
    return False


def _card_free_prefix(actions: list[Any]) -> int:
    for i, action in enumerate(actions):
        if _reads_card(action):
            return i
    return len(actions)


_PROGRAMS: dict[int, Program] = {}


def program(game: "CompiledGame") -> Program:
    key = id(game)
    if key not in _PROGRAMS or _PROGRAMS[key].game is not game:
        _PROGRAMS[key] = Program(game)
    return _PROGRAMS[key]


class Node:
    """What the game waits for: a chance outcome, a move from a menu, or an answer."""

    __slots__ = ("kind", "seat", "actions", "labels", "weights", "about")

    def __init__(self, kind: str, seat: int, actions: list[int], labels: list[str], weights: list[int] | None = None, about: str = "") -> None:
        self.kind, self.seat, self.actions, self.labels, self.weights, self.about = kind, seat, actions, labels, weights, about


class GameState:
    """OpenSpiel's State over a whole game. `handlers` (compiler/codegen/engine.py `load`) runs the
    cards' effects through the generated code; the game played is the same."""

    def __init__(self, game: "CompiledGame", players: int, seed: int, handlers: Any = None) -> None:
        limits = game.game.players
        if not limits.min <= players <= limits.max:
            raise FlowError(f"{game.game.name} is played by {limits.min} to {limits.max} players, not {players}")
        self.game, self.handlers = game, handlers
        self.program = program(game)
        self.state: State = new_state(game.game, players)
        self.rng = seed & _MASK
        self.start = 0  # the start player's seat
        self.stack: list[list] = [[BLOCK, self.program.play, 0, None], [BLOCK, self.program.setup, 0, None]]
        self.node: Node | None = None
        self.winners: list[int] | None = None
        self.decisions = 0
        self.history: list[int] = []
        self._run()

    # ------------------------------------------------------------------ OpenSpiel's State

    def current_player(self) -> int:
        if self.node is None:
            return TERMINAL
        return CHANCE if self.node.kind == "chance" else self.node.seat

    def is_chance_node(self) -> bool:
        return self.node is not None and self.node.kind == "chance"

    def is_terminal(self) -> bool:
        return self.node is None

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.node is None or (player is not None and player != self.current_player()):
            return []
        return list(self.node.actions)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        total = sum(self.node.weights)
        return [(a, w / total) for a, w in zip(self.node.actions, self.node.weights)]

    def sample_chance(self) -> int:
        """A chance outcome drawn from the generator held in the state (advancing it)."""
        self.rng, value = splitmix(self.rng)
        pick = value % sum(self.node.weights)
        for action, weight in zip(self.node.actions, self.node.weights):
            if pick < weight:
                return action
            pick -= weight
        raise AssertionError("unreachable")

    def action_to_string(self, player: int, action: int) -> str:
        node = self.node
        if node is None or action not in node.actions:
            raise ValueError(f"action {action} is not legal now")
        return node.labels[node.actions.index(action)]

    def apply_action(self, action: int) -> None:
        node = self.node
        if node is None or action not in node.actions:
            raise ValueError(f"action {action} is not legal now (legal: {self.legal_actions()})")
        self.history.append(action)
        frame = self.stack[-1]
        if node.kind == "chance":
            self._dealt(frame, self.program.card_ids[action])
        elif node.kind == "menu":
            self.decisions += 1
            frame[5].append(action)
            frame[4] += 1
        else:
            self.decisions += 1
            frame[5].append(action)
        self.node = None
        self._run()

    def num_players(self) -> int:
        return len(self.state.players)

    def returns(self) -> list[float]:
        """Each seat's score (game.yaml's `score`) once the game is over; 0 before."""
        if not self.is_terminal():
            return [0.0] * self.num_players()
        return [float(v) for v in self.scores()]

    def clone(self) -> "GameState":
        twin = object.__new__(GameState)
        twin.__dict__.update(self.__dict__)
        twin.state = self.state.copy(new_run=True)
        twin.stack = [_copy_frame(f) for f in self.stack]
        twin.history = list(self.history)
        return twin

    def __str__(self) -> str:
        return "\n".join(self.summary())

    # ------------------------------------------------------------------ beyond OpenSpiel

    def scores(self) -> list[int]:
        score = self.game.game.score
        return [p.values.get(score, 0) if score else 0 for p in self.state.players]

    def ranking_keys(self) -> list[tuple[int, ...]]:
        return [tuple(p.values.get(n, self.state.globals.get(n, 0)) for n in self.program.rank) for p in self.state.players]

    def winner(self) -> list[int]:
        """The winning seats: those an instant win named, else the best by `rank` (ties kept)."""
        if self.winners is not None:
            return list(self.winners)
        keys = self.ranking_keys()
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def summary(self, seat: int | None = None) -> list[str]:
        """The state in a few lines: globals and shared zones, then each player's values and zones.
        `seat`: as that player sees it (other players' `hidden` zones, such as hands, as counts)."""
        state = self.state
        hidden = {name for name, zone in self.game.game.zones.items() if zone.hidden}
        head = " ".join(f"{k}={v}" for k, v in sorted(state.globals.items()))
        lines = [head + "".join(f" | {z}: {' '.join(ids) or '-'}" for z, ids in sorted(state.zones.items()))]
        for p in state.players:
            values = " ".join(f"{k}={v}" for k, v in sorted(p.values.items()) if v)
            zones = "".join(f" | {z}: {len(ids)} cards" if seat is not None and p.seat != seat and z in hidden
                            else f" | {z}: {' '.join(ids)}" for z, ids in sorted(p.zones.items()) if ids)
            lines.append(f"{p.id}{' (start)' if p.seat == self.start else ''}: {values or '-'}{zones}")
        return lines

    # ------------------------------------------------------------------ the walk

    def _seat(self, frame_seat: int | None) -> int:
        return self.start if frame_seat is None else frame_seat

    def _ctx(self, seat: int, decider: Decider | None = None, state: State | None = None) -> Context:
        state = state or self.state
        player = state.players[seat]
        return Context(self.game, state, decider or FirstLegal(), actor=player, owner=player, handlers=self.handlers)

    def _order(self) -> list[int]:
        n = len(self.state.players)
        return [(self.start + k) % n for k in range(n)]

    def _run(self) -> None:
        """Walk the frames until the game waits for something (a node) or is over."""
        stack, prog = self.stack, self.program
        while stack:
            frame = stack[-1]
            kind = frame[0]
            if kind == BLOCK:
                block = prog.blocks[frame[1]]
                if frame[2] == len(block):
                    stack.pop()
                    continue
                sid = block[frame[2]]
                frame[2] += 1
                self._enter(sid, frame[3])
            elif kind == REPEAT:
                _k, sid, rounds, times, seat = frame
                arg = prog.steps[sid].arg
                if rounds and arg.until is not None and self._ctx(self._seat(seat)).test(arg.until):
                    stack.pop()
                elif times is not None and rounds >= times:
                    stack.pop()
                else:
                    frame[2] += 1
                    stack.append([BLOCK, prog.bodies[sid][0], 0, seat])
            elif kind == EACH:
                _k, sid, order, i = frame
                if i == len(order):
                    stack.pop()
                    continue
                frame[3] += 1
                position = prog.steps[sid].arg.position
                if position is not None:
                    self.state.globals[position] = i + 1
                stack.append([BLOCK, prog.bodies[sid][0], 0, order[i]])
            elif kind == DEAL:
                if self._deal(frame):
                    return
            elif kind == TURN:
                if self._turn(frame):
                    return
            elif kind == ATOM:
                if self._atom(frame):
                    return
                stack.pop()
                if self.game.game.flow.win is not None and self._won():
                    return
        self.node = None

    def _enter(self, sid: int, seat: int | None) -> None:
        step = self.program.steps[sid]
        key, arg, stack = step.key, step.arg, self.stack
        if key == "do":
            stack.append([ATOM, A_DO, sid, self._seat(seat), None, []])
        elif key == "fire":
            stack.append([ATOM, A_FIRE, sid, self._seat(seat), None, []])
        elif key == "repeat":
            times = None if arg.times is None else max(0, self._ctx(self._seat(seat)).amount(arg.times))
            stack.append([REPEAT, sid, 0, times, seat])
        elif key == "each_player":
            order = self._order()
            if arg.order_by is not None:  # a ranking counter (turn order), ties by seat from the start player
                order.sort(key=lambda s: self.state.players[s].values.get(arg.order_by, 0))
            stack.append([EACH, sid, order, 0])
        elif key == "if":
            then, else_ = self.program.bodies[sid]
            stack.append([BLOCK, then if self._ctx(self._seat(seat)).test(arg.test) else else_, 0, seat])
        elif key == "deal":
            self._start_deal(sid, self._seat(seat))
        elif key == "turn":
            ctx_seats = self._order() if arg.simultaneous else [self._seat(seat)]
            seats = [s for s in ctx_seats if arg.if_ is None or self._ctx(s).test(arg.if_)]
            # [TURN, step, seats, menus (legal actions per seat, filled when asked), picked count, picks]
            stack.append([TURN, sid, seats, None, 0, []])
        elif key == "pass":
            self._pass(arg)
        elif key == "start_player":
            self.start = self._ctx(self.start).players(arg)[0].seat
        else:  # pragma: no cover - the model allows no other key
            raise FlowError(f"unknown flow step '{key}'")

    # ------------------------------------------------------------------ deals (chance)

    def _start_deal(self, sid: int, seat: int) -> None:
        arg = self.program.steps[sid].arg
        ctx = self._ctx(seat)
        if arg.deck is not None:
            fixed, draws = self.program.deck(len(self.state.players), ctx.amount(arg.deck))
            pile, pending = list(fixed), [[list(c), n] for c, n in draws]
        else:
            found = [c for c in self.game.cards.values() if ctx._matches(c, arg.cards)]
            copies = (lambda c: max(0, ctx.about(c).amount(arg.copies))) if arg.copies is not None else (lambda c: 1)
            pile, pending = [c.id for c in found for _ in range(copies(c))], []
        each = max(0, ctx.amount(arg.each))
        if self.game.game.zones[arg.to].shared:  # into a shared pile: `each` cards, in the order drawn
            targets = [-1] * min(each, len(pile) + sum(n for _c, n in pending))
        else:
            targets = [s for s in self._order() for _ in range(each)]
        # [DEAL, step, pile, draws still to make into the pile, seats still to receive, values dealt (distinct)]
        self.stack.append([DEAL, sid, pile, pending, targets, []])

    def _deal(self, frame: list) -> bool:
        """Set up the next chance node of a deal (True), or finish it (False)."""
        _k, sid, pile, pending, targets, taken = frame
        prog = self.program
        if pending:
            candidates = pending[0][0]
            actions = sorted(prog.card_index[c] for c in candidates)
            labels = [f"draw {prog.card_ids[a]} into the deck" for a in actions]
            self.node = Node("chance", CHANCE, actions, labels, [1] * len(actions))
            return True
        arg = prog.steps[sid].arg
        if targets and pile:
            counts: dict[int, int] = {}
            for cid in pile:
                if arg.distinct is not None and self.game.cards[cid].fields.get(arg.distinct) in taken:
                    continue
                index = prog.card_index[cid]
                counts[index] = counts.get(index, 0) + 1
            if counts:
                actions = sorted(counts)
                where = arg.to if targets[0] < 0 else f"{self.state.players[targets[0]].id}.{arg.to}"
                labels = [f"deal {prog.card_ids[a]} to {where}" for a in actions]
                self.node = Node("chance", CHANCE, actions, labels, [counts[a] for a in actions])
                return True
        self.stack.pop()
        return False

    def _dealt(self, frame: list, card_id: str) -> None:
        _k, sid, pile, pending, targets, taken = frame
        if pending:
            pending[0][0].remove(card_id)
            pile.append(card_id)
            pending[0][1] -= 1
            if pending[0][1] <= 0 or not pending[0][0]:
                pending.pop(0)
            return
        arg = self.program.steps[sid].arg
        pile.remove(card_id)
        if arg.distinct is not None:
            taken.append(self.game.cards[card_id].fields.get(arg.distinct))
        seat = targets.pop(0)
        zones = self.state.zones if seat < 0 else self.state.players[seat].zones
        zones.setdefault(arg.to, []).append(card_id)

    # ------------------------------------------------------------------ turns (menus)

    def _turn(self, frame: list) -> bool:
        _k, sid, seats, _menus, picked, picks = frame
        if picked < len(seats):
            seat = seats[picked]
            actions = self._legal_moves(sid, seat)
            if not actions:  # nothing can be done with any card: the player's turn passes
                picks.append(-1)
                frame[4] += 1
                return self._turn(frame)
            prog = self.program
            labels = [" ".join(prog.move_of(a)) for a in actions]
            self.node = Node("menu", seat, actions, labels)
            return True
        # every pick is made: carry them out in turn order, each one atomic
        self.stack.pop()
        for seat, action in reversed(list(zip(seats, picks))):
            if action >= 0:
                self.stack.append([ATOM, A_MOVE, (sid, action), seat, None, []])
        return False

    def _legal_moves(self, sid: int, seat: int) -> list[int]:
        """The moves of the menu that succeed when tried, each with each card of its selector. The
        actions a move begins with that never read its card (no `field`, no `event`) are tried once
        for all the cards, and the rest of the move once per card from where they left the state."""
        prog = self.program
        arg = prog.steps[sid].arg
        ctx = self._ctx(seat)
        actions = []
        for name in arg.moves:
            move = prog.flow.moves[name]
            index = prog.move_names.index(name)
            cards = list(dict.fromkeys(card_id for _holder, card_id in ctx.select(move.card)))
            if not cards:
                continue
            start, split = self.state, prog.shared_prefix[name]
            if split:
                start = self._try(seat, self.state, name, cards[0], slice(0, split))
                if start is None:
                    continue  # what every card's move begins with cannot be done
            for card_id in cards:
                if split == len(move.do) or self._try(seat, start, name, card_id, slice(split, None)) is not None:
                    actions.append(prog.move_action(index, card_id))
        return sorted(actions)

    def _run_move(self, ctx: Context, name: str, part: slice) -> None:
        """Carry out some of a move's actions: through the generated handlers' functions (one per
        action, each charging its step as the interpreter's `run` does) when the game state has
        them, else through the interpreter."""
        moves = self.handlers.moves if self.handlers is not None else None
        if moves:
            for action in moves[name][part]:
                action(ctx)
        else:
            ctx.run(self.program.flow.moves[name].do[part])

    def _try(self, seat: int, start: State, name: str, card_id: str, actions: slice) -> State | None:
        """The state after carrying out a move's actions on a copy of `start`, answering its
        questions along the first path of answers that works (searched depth first, at most
        TRIES runs), or None when none works: a move is legal when some answers make it succeed."""
        path: list[int] | None = []
        for _ in range(TRIES):
            trial = start.copy(new_run=True)  # a trial is a run of its own, with its own budget
            decider = Searching(path)
            try:
                self._run_move(self._move_ctx(self._ctx(seat, decider, trial), name, card_id), name, actions)
            except (Illegal, Runaway):
                path = decider.next_path()
                if path is None:
                    return None
                continue
            return trial
        return None

    def _move_ctx(self, ctx: Context, name: str, card_id: str) -> Context:
        return ctx.derive(card=self.game.cards[card_id], event={"move": name, "card": card_id})

    def _can_move(self, seat: int, name: str, card_id: str) -> bool:
        trial = self.state.copy(new_run=True)  # a trial is a run of its own, with its own budget
        try:
            self._do_move(self._ctx(seat, FirstLegal(), trial), name, card_id)
        except (Illegal, Runaway):
            return False
        return True

    def _do_move(self, ctx: Context, name: str, card_id: str) -> None:
        self._run_move(self._move_ctx(ctx, name, card_id), name, slice(None))

    # ------------------------------------------------------------------ atomic steps (questions)

    def _atom(self, frame: list) -> bool:
        """Run one atomic step from its snapshot with the answers so far: True when it asks a
        question not answered yet (the node is set), False when it is done."""
        _k, op, what, seat, snapshot, answers = frame
        if snapshot is None:
            snapshot = frame[4] = self.state
        state = snapshot.copy(new_run=True)  # each atomic step is a run, with the step budget of one
        decider = _Replay(answers)
        ctx = self._ctx(seat, decider, state)
        try:
            if op == A_DO:
                ctx.run(self.program.steps[what].arg)
            elif op == A_FIRE:
                fire(self.game, state, self.program.steps[what].arg, ctx.actor, decider, {}, handlers=self.handlers)
            else:
                self._do_move(ctx, *self.program.move_of(what[1]))
        except _Pause as pause:
            self._ask(pause.question)
            return True
        except (Illegal, Runaway):
            if op == A_MOVE and self._fallback(frame):
                return self._atom(frame)
            state = snapshot.copy(new_run=True)  # a step the rules refuse changes nothing
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

    def _won(self) -> bool:
        condition = self.game.game.flow.win
        won = [p.seat for p in self.state.players if self._ctx(p.seat).test(condition)]
        if won:
            self.winners = won
            self.stack.clear()
            self.node = None
            return True
        return False

    # ------------------------------------------------------------------ passing cards

    def _pass(self, arg: Any) -> None:
        relation = arg.to
        if arg.by is not None:
            relation = arg.relations.get(self._ctx(self.start).amount(arg.by), arg.to)
        players = self.state.players
        held = [list(p.zones.get(arg.zone, [])) for p in players]
        for p in players:
            target = self._ctx(p.seat).players(relation)[0]
            target.zones[arg.zone] = held[p.seat]


def _copy_frame(frame: list) -> list:
    """A frame's lists are copied, nested ones too (piles, draws, picks, answers); states, tuples and
    ints are shared: they are never changed in place."""
    return [_copy_frame(x) if type(x) is list else x for x in frame]
