"""`ostraka play`: a whole game from a seed at the table, told as it is played.

The seats are played by any bot `simulate` seats (`--bots random`, or one per seat:
`greedy,mcts,random`) or by a person at the terminal (`--human SEAT`). Each line says what happened
in the names the sheet prints, as it happens (tools/narrate.py), told as the person may see it when
one plays (runtime/view.py); the end gives each player's score by category and how the winner was
found. `--format json` carries the same; `--html FILE` writes a replay to step through (replay.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ..core.limits import Runaway
from ..model.compiled import CompiledGame
from ..runtime.flow import FlowError
from ..runtime.program import StepRefused
from ..tools.narrate import Event
from ..tools.play import EOF_MESSAGE, Human, Quit, Session, seat_seed
from .bots import BOTS, BotOptions, UnknownBot, parse_bots

__all__ = ["command", "play_game"]


def _number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number, not '{text}'") from None


def play_game(
    game: CompiledGame,
    players: int,
    seed: int,
    engine: str,
    fmt: str,
    human: int | None,
    read: TextIO,
    write: Callable[[str], None],
    bots: list[str] | None = None,
    html: Path | None = None,
    options: BotOptions | None = None,
) -> int:
    """What `ostraka play` does once its arguments are checked; its exit code."""
    from ..core.textsafe import json_safe, visible
    from .table import Table

    shown_write = write
    write = lambda line: shown_write(visible(line))  # noqa: E731 - names and labels from card data
    names = bots or ["random"] * players
    table = Table(game, players, engine)
    options = options or BotOptions()
    seated: dict[int, Callable[[Any], int]] = {
        seat: BOTS[name](table, seat, seat_seed(seed, seat), options).step for seat, name in enumerate(names)
    }
    text = fmt == "text"

    def emit(event: Event) -> None:
        if text:
            write(_line(event))

    snapshot: Callable[[Any], dict[str, Any]] | None = None
    if html is not None:
        from .replay import frame

        snapshot = frame
    session = Session(table.new_state(seed), human, emit, snapshot)
    people: frozenset[int] = frozenset()
    shown = list(names)
    if human is not None:
        seated[human] = Human(read, write, session.narrator.names)
        people = frozenset([human])
        shown[human] = "you"
    if text:
        seats = ", ".join(f"p{s + 1} {who}" for s, who in enumerate(shown))
        write(f"{game.game.name}: {players} players, seed {seed}; {seats}")
    try:
        session.play(seated, people)
    except Quit:
        write(f"you left the game after {session.state.decisions} decisions")
        if html is not None:  # the game so far
            from .replay import frame, write_replay

            session.frames.append(frame(session))
            write_replay(html, session, session.result(seed, names))
            write(f"replay: {html}")
        return 0
    out = session.result(seed, names)
    if html is not None:
        from .replay import write_replay

        write_replay(html, session, out)
    if fmt == "json":
        shown_write(json_safe(json.dumps(out, sort_keys=True)))
        return 0
    for line in session.end_lines():
        write(line)
    if html is not None:
        write(f"replay: {html}")
    return 0


def _line(event: Event) -> str:
    if event.kind == "phase":
        return event.text
    indent = "    " if event.kind == "between" else "  "
    return f"{indent}{event.text}"


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
    html: str | None = None,
    mcts_simulations: int = 50,
) -> int:
    """`ostraka play`: check the arguments (one line and exit 2 for a bad one), then play."""
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
        (engine, ("interpreter", "handlers"), "--engine"),
        (fmt, ("text", "json"), "--format"),
    ):
        if value not in allowed:
            return fail(f"{option} must be one of: {', '.join(allowed)}; not '{value}'")
    if mcts_simulations < 1:
        return fail(f"--mcts-simulations must be at least 1, not {mcts_simulations}")
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
    try:
        names = parse_bots(bots, n)
    except UnknownBot as exc:
        return fail(f"--bots: {exc}")
    if seat is not None and not 0 <= seat < n:
        return fail(f"--human must be a seat from 0 to {n - 1}, not {seat}")
    if game.game.flow is None:
        return fail(f"{game.game.name} has no flow in game.yaml yet: it cannot be played as a whole game")
    target = Path(html) if html else None
    if target is not None and (target.is_dir() or not target.parent.is_dir()):
        return fail(f"--html: cannot write {html} (a file in an existing folder)")
    try:
        return play_game(
            game, n, s, engine, fmt, seat, sys.stdin, echo, names, target, BotOptions(mcts_simulations=mcts_simulations)
        )
    except EOFError as exc:
        return fail(str(exc) or EOF_MESSAGE)
    except StepRefused as refused:  # the data's fault, at its place in game.yaml (a FlowError too)
        from ..pipeline.check.flowcheck import refused_text

        echo(refused_text(run, game, refused, n), err=True)
        return 1
    except FlowError as exc:
        return fail(str(exc))
    except Runaway as exc:  # a game past the bounds (decisions, rounds, cards dealt): E404 at game.yaml's flow
        from ..core.diagnostics import render_text
        from ..pipeline.check.flowgame import finding

        document = run.documents.get(game.game_file)
        d = finding(game, document, exc, n, s)
        echo(render_text(d, document.line_text(d.line) if document is not None else None), err=True)
        return 1
