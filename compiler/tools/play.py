"""`ostraka play`: a whole game from a seed, played by bots (and perhaps one person at the terminal).

Chance (deals, draws) comes from the generator held in the game state (runtime/flow.py); each
random bot draws from its own generator, derived from the same seed, so the same arguments play
the same game, on either engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..model.compiled import CompiledGame
from ..runtime.flow import FlowError, GameState
from ..runtime.program import StepRefused

BOTS = ("random",)


class RandomBot:
    """Picks uniformly among the legal actions, from a generator seeded by the game's seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"ostraka-random-bot:{seed}")

    def __call__(self, state: GameState) -> int:
        return self.rng.choice(state.legal_actions())


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
    return record


class Human:
    """A person at the terminal: the state, the numbered legal moves, a number read from input."""

    def __init__(self, read: TextIO, write: Callable[[str], None]) -> None:
        self.read, self.write = read, write

    def __call__(self, state: GameState) -> int:
        seat = state.current_player()
        legal = state.legal_actions()
        self.write("")
        for line in state.summary(seat):  # as this player sees it: other hands as counts
            self.write("  " + line)
        note = state.node.note if state.node is not None else ""
        if note:  # an answer the rules refused: asked again without it
            self.write(f"  {note}")
        self.write(f"p{seat + 1}, your move:")
        for i, action in enumerate(legal, 1):
            self.write(f"  {i}. {state.action_to_string(seat, action)}")
        while True:
            self.write(f"choose 1-{len(legal)}:")
            line = self.read.readline()
            if not line:
                raise EOFError("the input ended before the game did")
            text = line.strip()
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            self.write(f"'{text}' is not a number from 1 to {len(legal)}")


def result(game: CompiledGame, players: int, seed: int, record: Record) -> dict[str, Any]:
    state = record.state
    return {
        "game": game.id,
        "players": players,
        "seed": seed,
        "bots": "random",
        "scores": state.scores(),
        "ranking": [list(k) for k in state.ranking_keys()],
        "rank_by": state.program.rank,
        "winner": state.winner(),
        "decisions": state.decisions,
    }


def play_game(
    game: CompiledGame,
    players: int,
    seed: int,
    engine: str,
    fmt: str,
    human: int | None,
    read: TextIO,
    write: Callable[[str], None],
) -> None:
    """What `ostraka play` does once its arguments are checked."""
    state = new_game(game, players, seed, engine)
    bot = RandomBot(seed)
    bots: dict[int, Callable[[GameState], int]] = {seat: bot for seat in range(players)}
    if human is not None:
        bots[human] = Human(read, write)
    record = play(state, bots)
    out = result(game, players, seed, record)
    if fmt == "json":
        write(json.dumps(out, sort_keys=True))
        return
    write(
        f"{game.game.name}: {players} players, seed {seed}, random bots"
        + (f", p{human + 1} played by you" if human is not None else "")
    )
    for d in record.decisions:
        write(f"{d.number:4}. p{d.seat + 1}: {d.chosen}")
    ids = [p.id for p in state.state.players]
    write("scores: " + ", ".join(f"{pid} {s}" for pid, s in zip(ids, out["scores"])))
    if len(out["rank_by"]) > 1:
        write("ranked by " + ", then ".join(out["rank_by"]))
    write("winner: " + ", ".join(ids[s] for s in out["winner"]))


__all__ = ["BOTS", "FlowError", "Human", "RandomBot", "new_game", "play", "play_game", "result"]


def _number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number, not '{text}'") from None


def command(
    root: Any,
    game_name: str,
    players: str,
    seed: str,
    bots: str,
    engine: str,
    fmt: str,
    human: str | None,
    echo: Callable[..., None],
) -> int:
    """`ostraka play`: check the arguments (one line and exit 2 for a bad one), then play."""
    import sys

    from ..core.diagnostics import did_you_mean
    from ..pipeline.project import load

    def fail(message: str) -> int:
        echo(f"ostraka: error: {message}", err=True)
        return 2

    try:
        n, s = _number(players, "--players"), _number(seed, "--seed")
        seat = None if human is None else _number(human, "--human")
    except ValueError as exc:
        return fail(str(exc))
    for value, allowed, option in (
        (bots, BOTS, "--bots"),
        (engine, ("interpreter", "handlers"), "--engine"),
        (fmt, ("text", "json"), "--format"),
    ):
        if value not in allowed:
            return fail(f"{option} must be one of: {', '.join(allowed)}; not '{value}'")
    direct = root / "cards" / game_name
    run = load([direct] if (direct / "game.yaml").is_file() else [], root)
    found = [g for g in run.games if g.id == game_name or g.directory.name == game_name]
    if not found:
        hint = did_you_mean(game_name, [g.id for g in load([], root).games])
        return fail(f"no game '{game_name}'" + (f" ({hint})" if hint else ""))
    game = found[0]
    limits = game.game.players
    if not limits.min <= n <= limits.max:
        return fail(f"{game.game.name} is played by {limits.min} to {limits.max} players, not {n}")
    if seat is not None and not 0 <= seat < n:
        return fail(f"--human must be a seat from 0 to {n - 1}, not {seat}")
    if game.game.flow is None:
        return fail(f"{game.game.name} has no flow in game.yaml yet: it cannot be played as a whole game")
    try:
        play_game(game, n, s, engine, fmt, seat, sys.stdin, echo)
    except EOFError as exc:
        return fail(str(exc))
    except StepRefused as refused:  # the data's fault, at its place in game.yaml
        from ..pipeline.check.flowcheck import refused_text

        echo(refused_text(run, game, refused, n), err=True)
        return 1
    except FlowError as exc:
        return fail(str(exc))
    return 0
