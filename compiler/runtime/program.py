"""A game's flow (game.yaml `flow:`) numbered for the runner, and what the runner's parts share.

`Program` numbers the steps and blocks of the flow once per game; `Runner` says what the runner's
parts (dealing.py, menus.py, atomic.py) read of the game state they are part of (flow.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, overload

from pydantic import BaseModel

from ..decide.selectors import ranked
from ..decide.tables import kept
from ..lang.flow import Flow, Step
from ..lang.registry import Primitive
from .decider import Decider
from .interpreter import MAX_DEPTH, Context
from .judging import Facts
from .state import State
from .sure import Sure, sure_builds, sure_from

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame

CHANCE = -1  # OpenSpiel's kChancePlayerId
TRIES = 64  # the most runs spent searching for answers that make one move succeed
_MASK = (1 << 64) - 1

# frame kinds: the first item of each frame (a list)
BLOCK, REPEAT, EACH, DEAL, TURN, ATOM, DRAW_START = range(7)
# what an atomic step does
A_DO, A_FIRE, A_MOVE = range(3)
WIN = -1  # the step number of the flow's `win` (codegen/flowsteps.py numbers it so too)


class FlowError(Exception):
    """A game that cannot be played as its flow says (no flow, a player count out of range)."""


class StepRefused(FlowError):
    """A `do` or `fire` step of the flow that the rules refused: carried out, it would change
    nothing (a free build of a card that lies nowhere). `step` is its number (Program.paths says
    where game.yaml writes it)."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(step, reason)
        self.step = step
        self.reason = reason


def splitmix(seed: int) -> tuple[int, int]:
    """One step of splitmix64: (next state, a 64-bit output)."""
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return seed, z ^ (z >> 31)


class Program:
    """A game's flow, numbered: every step an int, every list of steps (block) an int."""

    def __init__(self, game: CompiledGame) -> None:
        flow = game.game.flow
        if flow is None:
            raise FlowError(f"{game.game.name} has no flow in game.yaml: it cannot be played as a whole game")
        self.game = game
        self.flow: Flow = flow
        self.steps: list[Step] = []
        self.paths: list[tuple] = []  # step id -> where game.yaml writes it (("flow", "setup", 2), ...)
        self.blocks: list[tuple[int, ...]] = []
        self.bodies: dict[int, tuple[int, ...]] = {}  # step id -> its blocks (if: then, else)
        self.setup = self._block(flow.setup, ("flow", "setup"))
        self.play = self._block(flow.play, ("flow", "play"))
        self.card_ids = list(game.cards)
        self.card_index = {cid: i for i, cid in enumerate(self.card_ids)}
        # card index -> its place among the cards in the order of their ids (chance weighs by id)
        self.id_rank = [0] * len(self.card_ids)
        for rank, index in enumerate(sorted(range(len(self.card_ids)), key=self.card_ids.__getitem__)):
            self.id_rank[index] = rank
        self.named = _Named(self)  # action -> (move, card id): a menu's order by name (tools/play.named)
        self.move_names = list(flow.moves)
        # how many of a move's first actions never read the card it is made with
        self.shared_prefix = {name: _card_free_prefix(move.do) for name, move in flow.moves.items()}
        # the cards whose build is never refused once paid for (judging.py), and the levels they
        # were found in; what a move's guard asks of what it sets off (sure.Sure)
        self.sure_builds, levels = sure_builds(game)
        self.sure_from = {name: sure_from(game, move.do, self.sure_builds) for name, move in flow.moves.items()}
        self.sure = Sure(game, self.sure_builds)
        # a move that is one action judged by its guard where it can be (menus._guard_cards): no
        # depth check refuses what it sets off (the action and what it receives, the builds nested
        # in them, one announce each trigger at most)
        self.guarded = {
            name
            for name, move in flow.moves.items()
            if self.sure_from[name] == 1
            and move.do[0].primitive.guard is not Primitive.guard
            and 3 + levels + len(game.game.triggers) < MAX_DEPTH
        }
        # a move's actions that are a build of one card that must be built, which may be judged
        # from the card's checks and price instead of tried (judging.py), for the cards whose
        # build sets off nothing that can be refused
        self.judged = {
            name: {i for i, action in enumerate(move.do) if _judged(action)} for name, move in flow.moves.items()
        }
        # each of those builds as the interpreter reads it for judging (menus.py)
        self.builds: dict[tuple[str, int], BuildParts] = {
            (name, i): _build_parts(flow.moves[name].do[i].arg) for name, found in self.judged.items() for i in found
        }
        self.judging = Facts(game, self.sure_builds)  # what judging reads of each card (judging.py)
        # a move that is one build of its own card from a zone of the actor's: judged for all its
        # cards at once (judging.own_builds)
        self.own_builds = {
            name: zone
            for name, move in flow.moves.items()
            if self.sure_from[name] == 1 and 0 in self.judged[name] and (zone := _own_card_zone(game, move.do[0]))
        }
        # each move -> the first move whose `card` selector is the same (its cards found once a menu)
        self.same_cards = {
            name: next(other for other, first in flow.moves.items() if first.card == move.card)
            for name, move in flow.moves.items()
        }
        self.rank = list(flow.rank) or ([game.game.score] if game.game.score else [])
        self._labels: dict[int, str] = {}
        self._decks: dict[tuple[int, int], tuple[list[str], list[tuple[list[str], int]]]] = {}

    def _block(self, steps: list[Step], path: tuple) -> int:
        ids = []
        for i, step in enumerate(steps):
            sid = len(self.steps)
            self.steps.append(step)
            at = path + (i, step.key)
            self.paths.append(at)
            ids.append(sid)
            arg = step.arg
            if step.key in ("repeat", "each_player"):
                self.bodies[sid] = (self._block(arg.steps, at + ("steps",)),)
            elif step.key == "if":
                self.bodies[sid] = (self._block(arg.then, at + ("then",)), self._block(arg.else_, at + ("else",)))
        self.blocks.append(tuple(ids))
        return len(self.blocks) - 1

    def deck(self, players: int, key: int) -> tuple[list[str], list[tuple[list[str], int]]]:
        from .deck import deck_parts

        if (players, key) not in self._decks:
            self._decks[(players, key)] = deck_parts(self.game, players, key)
        return self._decks[(players, key)]

    def move_action(self, move: int, card_id: str | None) -> int:
        """A move with a card is `move * cards + card`; a move with no card comes after all of those."""
        if card_id is None:
            return len(self.move_names) * len(self.card_ids) + move
        return move * len(self.card_ids) + self.card_index[card_id]

    def move_actions(self, move: int, card_ids: list[str]) -> list[int]:
        """move_action of each card."""
        base, index = move * len(self.card_ids), self.card_index
        return [base + index[card_id] for card_id in card_ids]

    def move_of(self, action: int) -> tuple[str, str | None]:
        """The move and its card (None: a move made with no card)."""
        move, card = divmod(action, len(self.card_ids))
        if move >= len(self.move_names):
            return self.move_names[action - len(self.move_names) * len(self.card_ids)], None
        return self.move_names[move], self.card_ids[card]

    def label(self, action: int) -> str:
        """A move's label in a menu, "move card" (made once per action: every menu shows them)."""
        found = self._labels.get(action)
        if found is None:
            found = self._labels[action] = " ".join(part for part in self.move_of(action) if part is not None)
        return found


def _reads_card(node: Any) -> bool:
    """Whether an action tree reads the card in view or the event: some node's primitive says it does."""
    from ..lang.nodes import OneOf

    if isinstance(node, OneOf) and node.primitive.reads_view(node.arg):
        return True
    if isinstance(node, BaseModel):
        return any(_reads_card(getattr(node, name)) for name in type(node).model_fields)
    if isinstance(node, (list, tuple)):
        return any(_reads_card(item) for item in node)
    if isinstance(node, dict):
        return any(_reads_card(item) for item in node.values())
    return False


def _judged(action: Any) -> bool:
    """Whether a move's action is a build that must build (judging.py judges it); not one whose
    fewest/most keep some of the cards it can build (building.py reads them after their checks)."""
    arg = action.arg
    return bool(action.key == "build" and not arg.optional and arg.price is None and not ranked(arg.card))


# a build as judging reads it: its count, its candidates (read in a context), whether it is free
BuildParts = tuple[Callable[[Context], int], Callable[[Context], list[tuple[Any, str]]], bool]


def _build_parts(arg: Any) -> BuildParts:
    """A build's parts as the interpreter reads them (the generated handlers' BUILDS hold theirs)."""
    return (lambda ctx: ctx.amount(arg.count), lambda ctx: ctx.select(arg.card), arg.free)


def _own_card_zone(game: CompiledGame, action: Any) -> str | None:
    """The zone of the actor's that a build takes the move's own card from, where that is all it
    selects (`build: {card: {zone: Z, where: {id: {field: id}}}}`, one card, at its price): else None."""
    if action.key != "build":
        return None
    arg = action.arg
    sel = arg.card
    if arg.count != 1 or arg.free or arg.price is not None or isinstance(sel, str):
        return None
    if sel.id is not None or sel.kind is not None or sel.of is not None or sel.missing:
        return None
    if sel.fewest is not None or sel.most is not None or sel.zone is None or set(sel.where or {}) != {"id"}:
        return None
    test = sel.where["id"]
    if getattr(test, "key", None) != "field" or test.arg != "id":
        return None
    zone = game.game.zones.get(sel.zone)
    return sel.zone if zone is not None and not zone.shared else None


def _card_free_prefix(actions: list[Any]) -> int:
    for i, action in enumerate(actions):
        if _reads_card(action):
            return i
    return len(actions)


def program(game: CompiledGame) -> Program:
    """The game's flow numbered, once per compiled game (kept with it)."""
    return kept(game, "program", lambda: Program(game))


class _Named(dict):
    """action -> Program.move_of(action), each found when first asked (a key to sort a menu by)."""

    def __init__(self, program: Program) -> None:
        super().__init__()
        self.program = program

    def __missing__(self, action: int) -> tuple[str, str | None]:
        found = self[action] = self.program.move_of(action)
        return found


class Node:
    """What the game waits for: a chance outcome, a move from a menu, or an answer."""

    __slots__ = ("kind", "seat", "actions", "labels", "weights", "about", "note", "told")

    def __init__(
        self,
        kind: str,
        seat: int,
        actions: list[int],
        labels: Sequence[str],
        weights: list[int] | None = None,
        about: str = "",
        note: str = "",
    ) -> None:
        self.kind, self.seat, self.actions, self.labels, self.weights, self.about = (
            kind,
            seat,
            actions,
            labels,
            weights,
            about,
        )
        self.note = note  # what a person is told with the question (an answer the rules refused)
        self.told = False  # a chance outcome inside a step that everyone may be told (a die, not a shuffle)


class Labels(Sequence[str]):
    """A node's labels, each written when read: a label is read to show an outcome drawn or a move
    made, while a deal makes a node per card dealt with a label per card in the pile, and a menu a
    node per decision with a label per move. Each is head + name(action) + tail."""

    def __init__(self, actions: list[int], name: Callable[[int], str], head: str = "", tail: str = "") -> None:
        self.actions, self.name, self.head, self.tail = actions, name, head, tail

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> list[str]: ...

    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self.head + self.name(self.actions[i]) + self.tail

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return repr(list(self))


class Runner(Protocol):
    """What the runner's parts (dealing.py, menus.py, atomic.py) read of the game they are part of
    (flow.GameState): the game, its numbered flow, the state, the frames, and the flow's verbs."""

    game: CompiledGame
    handlers: Any
    program: Program
    state: State
    start: int  # the start player's seat
    stack: list[list]
    node: Node | None
    winners: list[int] | None
    decisions: int
    deals: Any
    menus: Any
    steps: Any

    def seat_of(self, frame_seat: int | None) -> int: ...
    def ctx(self, seat: int, decider: Decider | None = None, state: State | None = None) -> Context: ...
    def move_cards(self, ctx: Context, name: str) -> list[tuple[Any, Any]]: ...
    def flow_test(self, ctx: Context, sid: int, part: str, condition: Any) -> bool: ...
    def flow_amount(self, ctx: Context, sid: int, part: str, value: Any) -> int: ...
    def flow_run(self, ctx: Context, sid: int) -> None: ...
    def order(self) -> list[int]: ...
