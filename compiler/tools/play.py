"""`ostraka play`: a whole game from a seed, played by bots (and perhaps one person at the terminal).

Chance (deals, draws) is keyed by the game's seed (runtime/flow.py); each bot's randomness by its
seat's seed, derived from the game's, and the decision it makes (simulate/bots.py), so the same
arguments play the same game, on either engine.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..core.keyed import derive, keyed
from ..core.limits import Runaway, decided
from ..model.compiled import CompiledGame
from ..runtime.flow import GameState
from ..runtime.state import Illegal
from ..runtime.view import view
from .narrate import Diff, Event, Namer, Narrator, keeping_receipts
from .scores import Scores, tie_break


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot at a seat of the game played from `seed` (`ostraka play`)."""
    return derive(seed, "play", "seat", seat)


def named(state: GameState, actions: list[int]) -> list[int]:
    """A menu's moves in the order of their names (move, card id): the same moves in the same order
    whatever numbers a card set gives its cards. Answers to a question keep their order."""
    node = state.node
    if node is None or node.kind != "menu":
        return list(actions)
    return sorted(actions, key=state.program.named.__getitem__)


def decision_rng(seed: int, state: GameState, *more: object) -> random.Random:
    """A bot's generator for one decision: keyed by its seed and the decisions made so far, not a
    stream, so that the same decision draws the same whatever was drawn before it."""
    return keyed(seed, "decision", state.decisions, *more)


def random_move(seed: int, state: GameState) -> int:
    """A legal move uniformly at random, keyed (decision_rng) and by name (named)."""
    return decision_rng(seed, state).choice(named(state, state.legal_actions()))


class RandomBot:
    """Picks uniformly among the legal actions, for every seat: each seat's pick keyed by its seed
    (seat_seed) and the decision (random_move); simulate/bots.py's random bot is the same."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __call__(self, state: GameState) -> int:
        return random_move(seat_seed(self.seed, state.current_player()), state)


@dataclass
class Decision:
    number: int
    seat: int
    legal: list[str]
    chosen: str
    summary: list[str] | None = None  # the state before it, when it changed since the last one shown


@dataclass
class Record:
    state: GameState
    decisions: list[Decision] = field(default_factory=list)
    chances: list[tuple[int, str]] = field(default_factory=list)  # (decisions so far, outcome)


_HANDLERS: dict[int, tuple[CompiledGame, Any]] = {}


def handlers_of(game: CompiledGame) -> Any:
    """The game's generated handlers, rendered once per loaded game (rendering costs more than a game)."""
    cached = _HANDLERS.get(id(game))
    if cached is None or cached[0] is not game:
        from ..codegen.engine import load

        cached = _HANDLERS[id(game)] = (game, load(game))
    return cached[1]


def new_game(game: CompiledGame, players: int, seed: int, engine: str = "interpreter") -> GameState:
    return GameState(game, players, seed, handlers=handlers_of(game) if engine == "handlers" else None)


def play(state: GameState, bots: dict[int, Callable[[GameState], int]], watch: bool = False) -> Record:
    """Play to the end: chance from the state's generator, each decision by its seat's bot."""
    record = Record(state)
    shown: list[str] | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = state.sample_chance()
            if watch:
                record.chances.append((len(record.decisions), state.action_to_string(-1, outcome)))
            state.apply_action(outcome)
            continue
        seat = state.current_player()
        action = bots[seat](state)
        decision = Decision(len(record.decisions) + 1, seat, [], state.action_to_string(seat, action))
        if watch:
            decision.legal = [state.action_to_string(seat, a) for a in state.legal_actions()]
            summary = state.summary()
            decision.summary = summary if summary != shown else None
            shown = summary
        record.decisions.append(decision)
        state.apply_action(action)
        decided(state.decisions)  # a flow that cannot end stops here (GameTooLong), its memory bounded
    return record


# ---------------------------------------------------------------------- a game at the table


class Undo(Exception):
    """A person takes back their last decision."""


class Quit(Exception):
    """A person leaves the game."""


@dataclass
class Saved:
    state: GameState
    parts: list[dict[str, int]]
    events: int
    last: Any
    decisions: int
    frames: int


class Session:
    """One game at the table: its state, told as it goes (narrate.py, as `viewer` may see it) with
    each player's score by category (scores.py); a person's decisions can be taken back (`save`,
    `undo`): the game is deterministic, so the state saved before a decision is that game."""

    def __init__(
        self,
        state: GameState,
        viewer: int | None = None,
        emit: Callable[[Event], None] | None = None,
        snapshot: Callable[[Session], dict[str, Any]] | None = None,
    ):
        self.state = state
        # the game as a replay shows it, before each decision and at the end (`snapshot`: what to keep)
        self.snapshot = snapshot
        self.frames: list[dict[str, Any]] = []
        self.narrator = Narrator(state, viewer, emit)
        self.scores = Scores(state.game, state.num_players())
        self.decisions: list[Decision] = []
        self.saves: list[Saved] = []
        self._follow(state)

    def _follow(self, state: GameState) -> None:
        self.state = state
        self.narrator.gs = state
        state.observer = self._observe

    def _observe(self, state: GameState, frame: list) -> None:
        self.scores.observe(state, frame)
        self.narrator.observe(state, frame)

    def save(self) -> None:
        """Keep the game as it is now (before a person's decision)."""
        n = self.narrator
        self.saves.append(
            Saved(
                self.state.clone(),
                [dict(p) for p in self.scores.parts],
                len(n.events),
                n.last,
                len(self.decisions),
                len(self.frames),
            )
        )

    def undo(self) -> bool:
        """Back to before the person's previous decision (the save before this one): False if none."""
        if len(self.saves) < 2:
            return False
        self.saves.pop()
        saved = self.saves.pop()
        self._follow(saved.state.clone())
        self.scores.parts = [dict(p) for p in saved.parts]
        del self.narrator.events[saved.events :]
        self.narrator.last = saved.last
        del self.decisions[saved.decisions :]
        del self.frames[saved.frames :]
        return True

    def play(self, bots: dict[int, Callable[[GameState], int]], people: frozenset[int] = frozenset()) -> None:
        """Play to the end; each seat's decision by its bot (a person's may raise Undo or Quit)."""
        if not self.decisions:
            self.narrator.begin()
        while not self.state.is_terminal():
            state = self.state
            if state.is_chance_node():
                outcome = state.sample_chance()
                if state.node is not None and state.node.told:  # a die rolled: told as it falls
                    self.narrator.chance(state.action_to_string(-1, outcome))
                state.apply_action(outcome)
                continue
            seat = state.current_player()
            self.narrator.catch_up()  # what happened since the last step (a deal), before anyone decides
            if seat in people:
                self.save()
            if self.snapshot is not None:
                self.frames.append(self.snapshot(self))
            try:
                action = bots[seat](state)
            except Undo:
                if not self.undo():
                    self.saves.pop()
                    if self.snapshot is not None:
                        self.frames.pop()
                continue
            label = state.action_to_string(seat, action)
            self.decisions.append(Decision(len(self.decisions) + 1, seat, [], label))
            self.narrator.decision(seat, label)
            state.apply_action(action)
            decided(state.decisions)  # a flow that cannot end stops here (GameTooLong)
        self.narrator.catch_up()
        if self.snapshot is not None:
            self.frames.append(self.snapshot(self))

    def result(self, seed: int, bots: list[str]) -> dict[str, Any]:
        """The game's end as plain values: scores, by category, the ranking and how it was decided,
        the winner, and every event told (the JSON of `ostraka play`)."""
        state = self.state
        game = state.game
        return {
            "game": game.id,
            "players": state.num_players(),
            "seed": seed,
            "bots": bots,
            "scores": state.scores(),
            "score_by_category": [[[name, points] for name, points in part] for part in self.scores.table()],
            "ranking": [list(k) for k in state.ranking_keys()],
            "rank_by": state.program.rank,
            "tie_break": tie_break(state),
            "winner": state.winner(),
            "decisions": state.decisions,
            "moves": [
                {"number": d.number, "seat": d.seat, "chosen": d.chosen, "named": self.narrator.names.text(d.chosen)}
                for d in self.decisions
            ],
            "events": [e.as_dict() for e in self.narrator.events],
            # the game at its end as the viewer may see it (runtime/view.py: everything, or a person's seat)
            "view": view(state, self.narrator.viewer).as_dict(),
        }

    def end_lines(self) -> list[str]:
        """The end, as a person reads it: each player's score by category, the ranking, the winner."""
        state = self.state
        names = self.narrator.names
        noun = state.game.game.score
        ids = [p.id for p in state.state.players]
        lines = ["", "final scores" + (f" ({names.noun(noun)})" if noun else "") + ":"]
        for seat, (pid, score, parts) in enumerate(zip(ids, state.scores(), self.scores.table())):
            detail = ", ".join(f"{name} {points}" for name, points in parts)
            you = " (you)" if seat == self.narrator.viewer else ""
            lines.append(f"  {pid}{you} {score}" + (f" = {detail}" if detail else ""))
        decided = tie_break(state)
        winners = state.winner()
        lines.append("winner: " + " and ".join(ids[s] for s in winners) + (f" ({decided})" if decided else ""))
        return lines


# ---------------------------------------------------------------------- a person at the terminal

EOF_MESSAGE = "the input ended before the game did"

HELP = """commands:
  N          make move N (a number from the list)
  explain N  what move N does, or why it cannot be made
  undo       take back your last decision
  state      show the game again
  help       this list
  quit       leave the game"""


@dataclass
class Choice:
    """A line of a person's menu: a legal action, or a move that cannot be made and why."""

    action: int | None
    card: str | None
    text: str
    why: str = ""  # what a legal move does (its changes), or why it cannot be made


_NUMBER = re.compile(r"[0-9]{1,9}")  # a number a person types at the prompt


class Human:
    """A person at the terminal: the game as their seat may see it, their moves with what each costs
    and does, `help`, `explain N`, `undo` and `quit`."""

    def __init__(self, read: TextIO, write: Callable[[str], None], names: Namer | None = None) -> None:
        self.read, self.write, self.names = read, write, names

    def __call__(self, state: GameState) -> int:
        seat = state.current_player()
        names = self.names or Namer(state.game)
        choices = menu(state, seat, names)
        self._show(state, seat, names, choices)
        while True:
            self.write("your choice (a number, or help, explain N, undo, quit):")
            line = self.read.readline()
            if not line:
                raise EOFError(EOF_MESSAGE)
            text = line.strip().lower()
            word, _, rest = text.partition(" ")
            # ASCII digits only, and few of them: isdigit() takes '²', and int() refuses 5,000 digits
            if _NUMBER.fullmatch(text) and 1 <= int(text) <= len(choices):
                chosen = choices[int(text) - 1]
                if chosen.action is not None:
                    return chosen.action
                self.write(f"{text} cannot be made now: {chosen.why}")
            elif text in ("help", "?", "h"):
                self.write(HELP)
            elif word in ("explain", "why") and _NUMBER.fullmatch(rest.strip()) and 1 <= int(rest) <= len(choices):
                self.write(explain(state, names, choices[int(rest) - 1]))
            elif text == "undo":
                raise Undo()
            elif text in ("quit", "exit", "q"):
                raise Quit()
            elif text in ("state", "show"):
                self._show(state, seat, names, choices)
            else:
                shown = text if len(text) <= 40 else text[:40] + "..."
                self.write(f"'{shown}' is not a number from 1 to {len(choices)}; type help for the commands")

    def _show(self, state: GameState, seat: int, names: Namer, choices: list[Choice]) -> None:
        self.write("")
        for line in described(view(state, seat), names, state.game):
            self.write("  " + line)
        node = state.node
        if node is not None and node.note:  # an answer the rules refused: asked again without it
            self.write(f"  {names.text(node.note)}")
        about = f" ({names.text(node.about)})" if node is not None and node.kind == "question" and node.about else ""
        self.write(f"{state.state.players[seat].id}, your move{about}:")
        card: str | None = None
        for i, choice in enumerate(choices, 1):
            if choice.card is not None and choice.card != card and node is not None and node.kind == "menu":
                card = choice.card
                self.write(f"  {card_line(state.game, names, card)}")
            mark = "" if choice.action is not None else "  (cannot: explain " + str(i) + ")"
            pad = "    " if node is not None and node.kind == "menu" else "  "
            self.write(
                f"{pad}{i:>2}. {choice.text}"
                + (f" — {choice.why}" if choice.action is not None and choice.why else "")
                + mark
            )


def described(seen: Any, names: Namer, game: CompiledGame) -> list[str]:
    """A per-player view (runtime/view.py) in names: the table's counters and zones, then each player's."""

    def zone_text(z: Any) -> str:
        if z.cards is not None:
            return f"{names.zone(z.name)}: " + (", ".join(names.card(c) for c in z.cards) or "-")
        if z.runs:
            runs = ", ".join(f"{n} {value}" for value, n in z.runs)
            return f"{names.zone(z.name)}: {z.count} face down ({runs})"
        return f"{names.zone(z.name)}: {z.count} card{'s' if z.count != 1 else ''}" + (
            " (face down)" if game.game.zones[z.name].seen_by == "nobody" else ""
        )

    table = [f"{names.noun(k)} {v}" for k, v in sorted(seen.globals.items()) if k != "players"]
    table += [zone_text(z) for z in (seen.zones[k] for k in sorted(seen.zones)) if z.count]
    lines = [" · ".join(table)] if table else []
    for p in seen.players:
        who = p.id + (" (you" if p.seat == seen.seat else "") + (", start" if p.seat == seen.start else "")
        who += ")" if p.seat == seen.seat else (" (start)" if p.seat == seen.start and p.seat != seen.seat else "")
        values = [names.quantity(v, k) for k, v in sorted(p.values.items()) if v]
        zones = [zone_text(z) for z in (p.zones[k] for k in sorted(p.zones)) if z.count]
        lines.append(f"{who}: " + " · ".join(values + zones))
    return lines


def card_line(game: CompiledGame, names: Namer, card_id: str) -> str:
    """A card as a menu shows it: its name, its cost and its text (the designer's words)."""
    card = game.cards[card_id]
    cost = card.fields.get(game.game.build.cost_field)
    costs = (
        ", ".join(names.quantity(n, noun) for noun, n in cost.items()) if isinstance(cost, dict) and cost else "free"
    )
    text = " ".join(card.text.split())
    return f"{card.name} (cost: {costs})" + (f": {text}" if text else "")


def menu(state: GameState, seat: int, names: Namer) -> list[Choice]:
    """A person's choices now: each legal action with what it does (the changes a trial of it makes,
    read on a copy: what it pays, to whom, and what it gains), then, in a menu, the moves that cannot
    be made with the cards at hand and why (what the rules said when they were tried)."""
    node = state.node
    legal = state.legal_actions()
    if node is None or node.kind != "menu":
        return [Choice(a, None, names.text(state.action_to_string(seat, a))) for a in legal]
    from ..runtime.decider import FirstLegal

    prog = state.program
    narrator = Narrator(state, seat)
    out: list[Choice] = []
    blocked: list[Choice] = []
    moves = prog.steps[state.stack[-1][1]].arg.moves
    ctx = state.ctx(seat)
    legal_set = set(legal)
    for name in moves:
        made_with = state.move_cards(ctx, name) if prog.flow.moves[name].card is not None else [(None, None)]
        for _holder, card_id in made_with:
            action = prog.move_action(prog.move_names.index(name), card_id)
            trial: Any = state.state.copy(new_run=True)
            why = ""
            decider = FirstLegal()
            paid = keeping_receipts(decider)
            try:
                state.menus.do_move(state.ctx(seat, decider, trial), name, card_id)
            except (Illegal, Runaway) as refused:
                why = names.text(str(refused))
                trial = None
            if action in legal_set:
                done = Diff(narrator, state.state, trial).text(seat) if trial is not None else ""
                bought = names.bought(paid, narrator._who_by_id) if trial is not None else ""
                done = f"{done}; {bought}" if done and bought else done or bought
                out.append(Choice(action, card_id, f"{name.replace('_', ' ')}", done))
                legal_set.discard(action)
            elif not any(c.action is None and c.card == card_id and c.text == name for c in blocked):
                blocked.append(Choice(None, card_id, name.replace("_", " "), why or "the rules do not allow it now"))
    out += [Choice(a, None, names.text(state.action_to_string(seat, a))) for a in sorted(legal_set)]
    # grouped by card, in the order of the hand, its legal moves before the ones that cannot be made
    order = {c: i for i, c in enumerate(dict.fromkeys(c.card for c in out + blocked))}
    return sorted(out + blocked, key=lambda c: (order.get(c.card, -1), c.action is None))


def explain(state: GameState, names: Namer, choice: Choice) -> str:
    """`explain N`: why a move cannot be made, or what a legal one does (the card's effects in the
    compiled English, and the changes it makes)."""
    if choice.card is None:
        return choice.text
    card = state.game.cards[choice.card]
    head = f"{choice.text} {card.name}"
    if choice.action is None:
        return f"{head} cannot be made now: {choice.why}"
    rules = names.en.card(card)
    return f"{head}: {choice.why or 'changes nothing you can see'}\n  {card.name}: {rules}"
