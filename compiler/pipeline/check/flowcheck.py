"""A flow step the rules refuse, found at check time when the set-up shows it, and located in play.

A `do` or `fire` step of game.yaml's flow that the rules refuse would change nothing (a free build
of a card by a bare id that lies in no zone gave nobody their starting cards, and every player then
passed); the runner refuses to go on instead (runtime/program.StepRefused). `check` plays each
game's set-up at its fewest and most players, with the first legal answer to every question, and
reports a refused step at its place in game.yaml (E405); `play` and `simulate` report one refused
later in a game at its place too.
"""

from __future__ import annotations

from typing import Any

from ...core.diagnostics import Diagnostic
from ...core.limits import Runaway
from ...load.loader import Document, dotted
from ...runtime.program import StepRefused
from ...runtime.state import Illegal

MAX_ACTIONS = 20_000  # a set-up that deals more than this is not played out here


def refused_step(game: Any, doc: Document | None, refused: StepRefused, players: int | None = None) -> Diagnostic:
    """The diagnostic of a refused step, at its place in game.yaml."""
    from ...runtime.program import program

    path = program(game).paths[refused.step]
    line, col = doc.where(path) if doc is not None else (0, 0)
    with_players = f" with {players} players" if players is not None else ""
    return Diagnostic(
        "E405",
        f"this {path[-1]} step is refused by the rules{with_players}: {refused.reason}",
        game.game_file,
        line,
        col,
        "a step the rules refuse would change nothing; check what it names (a build of a card by a bare id "
        "looks in the zones of cards in play: say the zone with {card: {zone: ...}})",
        dotted(path),
    )


def refused_text(run: Any, game: Any, refused: StepRefused, players: int) -> str:
    """A refused step as the checker prints it, with its line of game.yaml (`run`: the load's)."""
    from ...core.diagnostics import render_text

    doc = run.documents.get(game.game_file)
    found = refused_step(game, doc, refused, players)
    return render_text(found, doc.line_text(found.line) if doc is not None else None)


def check_setup(game: Any, doc: Document | None) -> list[Diagnostic]:
    """E405: a step refused while the game is set up, at its fewest and most players (seed 0,
    first legal answers), played until the set-up is done."""
    from ...runtime.flow import GameState

    if game.game.flow is None:
        return []
    out: list[Diagnostic] = []
    limits = game.game.players
    for players in sorted({limits.min, limits.max}):
        try:
            state = GameState(game, players, 0)
            for _ in range(MAX_ACTIONS):
                if state.is_terminal() or _set_up(state):
                    break
                state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
        except StepRefused as refused:
            out.append(refused_step(game, doc, refused, players))
            break
        except (Illegal, Runaway):  # (a refusal outside a step: play tells it)
            break
    return out


def _set_up(state: Any) -> bool:
    """Whether the set-up is done: its block's frame, the second from the bottom while it runs
    (above the play block's), is gone."""
    from ...runtime.program import BLOCK

    stack = state.stack
    return len(stack) < 2 or stack[1][0] != BLOCK or stack[1][1] != state.program.setup
