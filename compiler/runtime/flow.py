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

The parts: program.py numbers the flow; this module walks the frames and hands three kinds to the
game state's parts, each an object of its own holding what it keeps: `deals` (dealing.py, chance),
`menus` (menus.py, turns) and `steps` (atomic.py, steps run with their answers).
"""

from __future__ import annotations

import weakref
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import TYPE_CHECKING, Any, cast

from ..core.limits import MAX_GAME_ROUNDS, MAX_ROUNDS, GameTooLong, fresh_budget, too_many_rounds
from ..decide import players as decide_players
from . import seats
from .atomic import Steps
from .dealing import Deals
from .decider import Decider, FirstLegal
from .interpreter import Context, _made
from .machine import TERMINAL
from .menus import Menus
from .program import (
    _MASK,
    A_DO,
    A_FIRE,
    ATOM,
    BLOCK,
    CHANCE,
    DEAL,
    DRAW_START,
    EACH,
    REPEAT,
    TURN,
    WIN,
    FlowError,
    Node,
    Runner,
    program,
    splitmix,
)
from .state import State, new_state, zones_of
from .view import view

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame

__all__ = ["CHANCE", "TERMINAL", "FlowError", "GameState"]


class GameState:
    """OpenSpiel's State over a whole game. `handlers` (compiler/codegen/engine.py `load`) runs the
    cards' effects through the generated code; the game played is the same. It walks the flow's
    frames itself and hands three kinds of frame to its parts: `deals` (dealing.py), `menus` (a
    turn: menus.py) and `steps` (an atomic step: atomic.py), each holding what it keeps of its own."""

    _WALK: dict[int, Callable[[GameState, list], bool]]  # a frame's kind -> its step (below the class)
    deals: Deals
    menus: Menus
    steps: Steps
    # told of every atomic step carried out, with its frame (the state before it is frame[4]):
    # a game followed step by step (tools/play.py's narration); a clone is not followed
    observer: Callable[[GameState, list], None] | None = None

    def __init__(self, game: CompiledGame, players: int, seed: int, handlers: Any = None) -> None:
        limits = game.game.players
        if not limits.min <= players <= limits.max:
            raise FlowError(f"{game.game.name} is played by {limits.min} to {limits.max} players, not {players}")
        self.game, self.handlers = game, handlers
        self.program = program(game)
        self.state: State = new_state(game.game, players)
        self.rng = seed & _MASK  # the seed chance draws are keyed by (sample_chance)
        self.chanced = 0  # chance events since the last decision
        self.start = 0  # the start player's seat
        self.stack: list[list] = [[BLOCK, self.program.play, 0, None], [BLOCK, self.program.setup, 0, None]]
        self.node: Node | None = None
        self.winners: list[int] | None = None
        self.decisions = 0
        self.rounds = 0  # of every `repeat`: bounded (core/limits.py), as a flow that cannot end must stop
        self.history: list[int] = []
        self._parts()
        self._run()

    def _parts(self) -> None:
        # the parts reach the state through a weak proxy: a cycle would leave every finished game
        # to the cycle collector (tests/robustness/test_garbage.py)
        me = cast(Runner, weakref.proxy(self))
        self.deals, self.menus, self.steps = Deals(me), Menus(me), Steps(me)

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
        node = self.node
        if node is None or node.weights is None:
            return []
        total = sum(node.weights)
        return [(a, w / total) for a, w in zip(node.actions, node.weights)]

    def sample_chance(self) -> int:
        """A chance outcome drawn by its weight. The draw is keyed by the game's seed, the decisions
        made so far and the chance events since the last one, not taken from a stream, and the
        outcomes are weighed in the order of their names (cards' ids), not of their numbers: two
        card sets that differ in one card deal the same until a decision differs (a paired sweep)."""
        node = self.node
        if node is None or node.weights is None:
            raise ValueError("not a chance node")
        value = chance_value(self.rng, self.decisions, self.chanced)
        actions, weights = node.actions, node.weights
        if self.stack and self.stack[-1][0] == DEAL:  # cards: by id
            by_id = sorted(zip(map(self.program.id_rank.__getitem__, actions), actions, weights))
            actions, weights = [a for _rank, a, _w in by_id], [w for _rank, _a, w in by_id]
        reach = list(accumulate(weights))  # each outcome's weight and all before it's
        return actions[bisect_right(reach, value % reach[-1])]  # the first reaching past the pick

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
        # the step budget bounds one decision and what it sets off, never a whole game
        fresh_budget(self.state)
        frame = self.stack[-1]
        if node.kind == "chance":
            self.chanced += 1
        else:
            self.chanced = 0
        if node.kind == "chance" and frame[0] == DRAW_START:
            self.start = action
            self.stack.pop()
        elif node.kind == "chance" and frame[0] == ATOM:  # inside a step (a die rolled): as an answer
            frame[5].append(action)
        elif node.kind == "chance":
            self.deals.dealt(frame, self.program.card_ids[action])
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

    def clone(self) -> GameState:
        twin = object.__new__(GameState)
        twin.__dict__.update(self.__dict__)
        twin.state = self.state.copy(new_run=True)
        twin.stack = [_copy_frame(f) for f in self.stack]
        for frame in twin.stack:
            if frame[0] == ATOM:
                frame[8] = None  # a live run goes on in one game only: the twin runs its step again
        twin.history = list(self.history)
        twin._parts()  # a twin's parts are its own (what they keep is about this game only)
        twin.observer = None
        return twin

    def __str__(self) -> str:
        return "\n".join(self.summary())

    # ------------------------------------------------------------------ beyond OpenSpiel

    def scores(self) -> list[int]:
        score = self.game.game.score
        return [p.values.get(score, 0) if score else 0 for p in self.state.players]

    def ranking_keys(self) -> list[tuple[int, ...]]:
        return [
            tuple(p.values.get(n, self.state.globals.get(n, 0)) for n in self.program.rank) for p in self.state.players
        ]

    def winner(self) -> list[int]:
        """The winning seats: those an instant win named, else the best by `rank` (ties kept)."""
        if self.winners is not None:
            return list(self.winners)
        keys = self.ranking_keys()
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def summary(self, seat: int | None = None) -> list[str]:
        """The state in a few lines: globals and shared zones, then each player's values and zones.
        `seat`: as that player sees it (runtime/view.py: what game.yaml's zones let them see)."""
        if seat is not None:
            return view(self, seat).lines()
        state = self.state
        head = " ".join(f"{k}={v}" for k, v in sorted(state.globals.items()))
        lines = [head + "".join(f" | {z}: {' '.join(ids) or '-'}" for z, ids in sorted(state.zones.items()))]
        for p in state.players:
            values = " ".join(f"{k}={v}" for k, v in sorted(p.values.items()) if v)
            zones = "".join(f" | {z}: {' '.join(ids)}" for z, ids in sorted(p.zones.items()) if ids)
            lines.append(f"{p.id}{' (start)' if p.seat == self.start else ''}: {values or '-'}{zones}")
        return lines

    # ------------------------------------------------------------------ what the parts read

    def seat_of(self, frame_seat: int | None) -> int:
        """A frame's seat, or the start player's where the frame names none."""
        return self.start if frame_seat is None else frame_seat

    def ctx(self, seat: int, decider: Decider | None = None, state: State | None = None) -> Context:
        """A context of the seat's player acting on the state (default: the game's), as the flow's steps run."""
        state = state or self.state
        player = state.players[seat]
        return _made(self.game, state, decider or FirstLegal(), player, player, None, {}, 0, self.handlers)

    def move_cards(self, ctx: Context, name: str) -> list[tuple[Any, Any]]:
        """The cards a move may be made with (its `card` selector): by the generated handlers' search
        for it when the game is played through them, else by the interpreter's."""
        search = self.handlers.move_cards.get(name) if self.handlers is not None else None
        return search(ctx) if search is not None else ctx.select(self.program.flow.moves[name].card)

    # The card language inside the flow's steps (codegen/flowsteps.py): through the generated
    # handlers' function for (step, part) when the game is played through them, else the interpreter.

    def flow_test(self, ctx: Context, sid: int, part: str, condition: Any) -> bool:
        compiled = self.handlers.flow.get((sid, part)) if self.handlers is not None else None
        return compiled(ctx) if compiled is not None else ctx.test(condition)

    def flow_amount(self, ctx: Context, sid: int, part: str, value: Any) -> int:
        compiled = self.handlers.flow.get((sid, part)) if self.handlers is not None else None
        return compiled(ctx) if compiled is not None else ctx.amount(value)

    def flow_run(self, ctx: Context, sid: int) -> None:
        compiled = self.handlers.flow.get((sid, "do")) if self.handlers is not None else None
        if compiled is not None:
            compiled(ctx)
        else:
            ctx.run(self.program.steps[sid].arg)

    def order(self) -> list[int]:
        """The seats in turn order from the start player."""
        n = len(self.state.players)
        return [(self.start + k) % n for k in range(n)]

    # ------------------------------------------------------------------ the walk

    def _run(self) -> None:
        """Walk the frames until the game waits for something (a node) or is over."""
        stack, walk = self.stack, self._WALK
        while stack:
            frame = stack[-1]
            if walk[frame[0]](self, frame):
                return
        self.node = None

    # Each kind of frame takes one step of the walk: True when the game now waits (a node is set,
    # or an instant win ended it).

    def _walk_block(self, frame: list) -> bool:
        block = self.program.blocks[frame[1]]
        if frame[2] == len(block):
            self.stack.pop()
            return False
        sid = block[frame[2]]
        frame[2] += 1
        self._enter(sid, frame[3])
        return False

    def _walk_repeat(self, frame: list) -> bool:
        _k, sid, rounds, times, seat = frame
        arg = self.program.steps[sid].arg
        if rounds and arg.until is not None and self.flow_test(self.ctx(self.seat_of(seat)), sid, "until", arg.until):
            self.stack.pop()
        elif times is not None and rounds >= times:
            self.stack.pop()
        elif rounds >= MAX_ROUNDS or self.rounds >= MAX_GAME_ROUNDS:  # an `until` that never holds
            raise GameTooLong(too_many_rounds(rounds, self.rounds))
        else:
            self.rounds += 1
            frame[2] += 1
            self.stack.append([BLOCK, self.program.bodies[sid][0], 0, seat])
        return False

    def _walk_each(self, frame: list) -> bool:
        """The next player's part of an `each_player` step; or, when the part just played granted its
        player another turn (the `extra_turn` action), that part once more for them."""
        _k, sid, order, i = frame
        again = self.state.again
        if i and again and order[i - 1] in again:
            i -= 1  # the same seat again: its part is played anew, granting afresh
        elif i == len(order):
            self.stack.pop()
            return False
        else:
            frame[3] += 1
        seat = order[i]
        if again and seat in again:  # granted before this part began: it is this part
            self.state.again = tuple(s for s in again if s != seat)
        position = self.program.steps[sid].arg.position
        if position is not None:
            self.state.globals[position] = i + 1
        self.stack.append([BLOCK, self.program.bodies[sid][0], 0, seat])
        return False

    def _walk_draw_start(self, frame: list) -> bool:
        seats = list(range(len(self.state.players)))
        labels = [f"start player {p.id}" for p in self.state.players]
        self.node = Node("chance", CHANCE, seats, labels, [1] * len(seats))
        return True

    def _walk_atom(self, frame: list) -> bool:
        if self.steps.atom(frame):
            return True
        self.stack.pop()
        if self.observer is not None:
            self.observer(self, frame)
        return self.program.flow.win is not None and self._won()

    def _enter(self, sid: int, seat: int | None) -> None:
        step = self.program.steps[sid]
        key, arg, stack = step.key, step.arg, self.stack
        if key == "do":
            stack.append([ATOM, A_DO, sid, self.seat_of(seat), None, [], [], [], None])
        elif key == "fire":
            stack.append([ATOM, A_FIRE, sid, self.seat_of(seat), None, [], [], [], None])
        elif key == "repeat":
            times = (
                None
                if arg.times is None
                else max(0, self.flow_amount(self.ctx(self.seat_of(seat)), sid, "times", arg.times))
            )
            stack.append([REPEAT, sid, 0, times, seat])
        elif key == "each_player":
            order = self.order()
            if arg.order_by is not None:  # a ranking counter (turn order), ties by seat from the start player
                order.sort(key=lambda s: self.state.players[s].values.get(arg.order_by, 0))
            stack.append([EACH, sid, order, 0])
        elif key == "if":
            then, else_ = self.program.bodies[sid]
            stack.append(
                [BLOCK, then if self.flow_test(self.ctx(self.seat_of(seat)), sid, "test", arg.test) else else_, 0, seat]
            )
        elif key == "deal":
            self.deals.start(sid, self.seat_of(seat))
        elif key == "turn":
            ctx_seats = self.order() if arg.simultaneous else [self.seat_of(seat)]
            seats = [s for s in ctx_seats if arg.if_ is None or self.flow_test(self.ctx(s), sid, "if", arg.if_)]
            # [TURN, step, seats, menus (legal actions per seat, filled when asked), picked count, picks]
            stack.append([TURN, sid, seats, None, 0, []])
        elif key == "pass":
            self._pass(arg)
        elif key == "start_player" and arg == "random":
            stack.append([DRAW_START])  # a chance node: any seat, equally likely
        elif key == "start_player":
            self.start = self.ctx(self.start).players(arg)[0].seat
        else:  # pragma: no cover - the model allows no other key
            raise FlowError(f"unknown flow step '{key}'")

    def _won(self) -> bool:
        condition = self.program.flow.win
        assert condition is not None  # asked only when the flow has a `win`
        won = [p.seat for p in self.state.players if self.flow_test(self.ctx(p.seat), WIN, "win", condition)]
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
            relation = arg.relations.get(self.ctx(self.start).amount(arg.by), arg.to)
        state = self.state
        players = state.players
        # read without copying a lazy copy's zones: each receiver takes its own as it is handed cards
        held = [list(zones_of(p).get(arg.zone, ())) for p in players]
        plan = decide_players.of(self.game, relation)  # as each player's context would read it
        for p in players:
            target = seats.players(plan, state, p, p)[0]
            target.zones[arg.zone] = held[p.seat]


GameState._WALK = {
    BLOCK: GameState._walk_block,
    REPEAT: GameState._walk_repeat,
    EACH: GameState._walk_each,
    DEAL: lambda game_state, frame: game_state.deals.next(frame),
    TURN: lambda game_state, frame: game_state.menus.turn(frame),
    ATOM: GameState._walk_atom,
    DRAW_START: GameState._walk_draw_start,
}


def chance_value(seed: int, decisions: int, since: int) -> int:
    """The 64-bit draw of the chance event `since` after decision `decisions` of the game seeded `seed`."""
    _s, key = splitmix((decisions << 24) + since)
    _s, value = splitmix(seed ^ key)
    return value


def _copy_frame(frame: list) -> list:
    """A frame's lists are copied, nested ones too (piles, draws, picks, answers); states, tuples and
    ints are shared: they are never changed in place (an atomic step's live run is dropped by clone)."""
    return [_copy_frame(x) if type(x) is list else x for x in frame]
