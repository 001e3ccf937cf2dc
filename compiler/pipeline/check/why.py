"""Where a value of an example came from: the example run again with a trace (runtime/trace.py),
each change told with the card, the trigger and the action that made it.

    p1.points 3 = 0 + 2 from Shrine (when built: gain 2 victory points)
                    + 1 from the game's rules (when the game ends: gain victory points equal to coins divided by 3)

`ostraka explain CARD --trace EXAMPLE` prints it for every value the example changed; a failed
example's E401 carries it for the value that differs (examples.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.limits import Runaway
from ...model.compiled import CompiledGame
from ...model.game import Example
from ...render.english import English
from ...runtime.decider import AnswerError, Scripted
from ...runtime.state import Illegal
from ...runtime.trace import Entry, start, trace, tracing
from ...runtime.when import ExampleInvalid, trigger


def traced(
    game: CompiledGame, example: Example, setup: Callable[[CompiledGame, dict], Any]
) -> tuple[Any, tuple[Entry, ...]] | None:
    """The example's state once run on the interpreter (from the state `setup` makes of its
    `given`: examples.setup), and the trace of its changes; None when it cannot be set up or is
    refused (the example's own finding says why)."""
    try:
        state = setup(game, example.given)
        start(state)
        with tracing():
            trigger(game, state, example.when, Scripted(example.answers))
    except (ExampleInvalid, AnswerError, Illegal, Runaway):
        return None
    return state, trace(state)


def source(en: English, game: CompiledGame, entry: Entry) -> str:
    """'Shrine (when built: gain 2 victory points)', 'the game's rules (when the game ends: ...)'."""
    if entry.card is not None:
        who = game.cards[entry.card].name if entry.card in game.cards else entry.card
    elif entry.effect is not None:
        who = "the game's rules" + (f" ({entry.effect.label})" if getattr(entry.effect, "label", None) else "")
        if entry.about is not None and entry.about in game.cards:  # a rule scoring the card in view
            who += f" for {game.cards[entry.about].name}"
    else:
        who = "the move itself" if entry.action is not None else "the rules"
    said = []
    if entry.trigger is not None:
        head = en.trigger(entry.trigger)
        said.append(head[0].lower() + head[1:])
    if entry.action is not None:
        try:
            said.append(en.action(entry.action))
        except Exception:  # noqa: BLE001 - an explanation without the action's words is still one
            pass
    return who + (f" ({': '.join(said)})" if said else "")


def lines(game: CompiledGame, state: Any, entries: tuple[Entry, ...], only: tuple[str, str] | None = None) -> list[str]:
    """One line a value that changed (`only`: (player id, noun), that one): its end = its start
    plus each change with where it came from."""
    en = English(game.game, game.cards)
    by_value: dict[tuple[int, str], list[Entry]] = {}
    for e in entries:
        by_value.setdefault((e.seat, e.noun), []).append(e)
    out: list[str] = []
    for (seat, noun), changes in by_value.items():
        pid = state.players[seat].id
        if only is not None and (pid, noun) != only:
            continue
        end = state.players[seat].values.get(noun, 0)
        parts = [str(changes[0].before)] + [
            f"{'+' if e.delta >= 0 else '-'} {abs(e.delta)} from {source(en, game, e)}" for e in changes
        ]
        out.append(f"{pid}.{noun} {end} = " + " ".join(parts))
    return out


def why(game: CompiledGame, example: Example, pid: str, noun: str, setup: Callable[[CompiledGame, dict], Any]) -> str:
    """A failed value's trace in one line (for an E401's hint), or "" when it has none."""
    found = traced(game, example, setup)
    if found is None:
        return ""
    said = lines(game, found[0], found[1], (pid, noun))
    return said[0] if said else f"{pid}.{noun}: no effect changed it"
