"""The game's flow (game.yaml `flow:`) compiled where the runner reads the card language in it.

The runner (runtime/flow.py and its parts) walks the flow's steps itself; inside them are the
cards' own amounts, conditions and actions: a `do` step's actions, an `if` step's test, a repeat's
count and `until`, a turn's `if`, a deal's deck, copies and count, the instant win. Each becomes
a function of the module, found in FLOW by (step number, part) with the steps numbered as the
runner numbers them (runtime/program.Program); the runner calls it instead of the interpreter when
the game is played through the handlers (GameState.flow_test, flow_amount, flow_run).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..lang.nodes import OneOf
from ..runtime.program import WIN, Program
from .names import Code, comment_text, ident, lit


@dataclass
class FlowPart:
    step: int
    part: str  # "do", "test", "until", "times", "if", "deck", "copies", "each", "win"
    name: Code
    code: Code  # the function, whole


def flow_parts(gen: Any) -> list[FlowPart]:
    """The functions of the flow's parts written in the card language (none for a game without a flow)."""
    game = gen.game
    if game.game.flow is None:
        return []
    steps = Program(game).steps
    parts: list[FlowPart] = []
    for sid, step in enumerate(steps):
        for part, kind, value in _reads(step.key, step.arg):
            parts.append(_function(gen, sid, part, kind, value, f"{step.key} step {sid}"))
    if game.game.flow.win is not None:
        parts.append(_function(gen, WIN, "win", "test", game.game.flow.win, "instant win"))
    return parts


# What each part tells the runner, for the function's docstring.
_SAYS = {
    "do": "its actions",
    "times": "how many times it repeats",
    "until": "whether it stops repeating",
    "test": "whether its then-steps run (else its else-steps)",
    "if": "whether the player in view takes the turn",
    "deck": "which deck is dealt",
    "copies": "how many copies of the card in view go in the pile",
    "each": "how many cards each receives",
    "win": "whether the player in view has won",
}


def _reads(key: str, arg: Any) -> list[tuple[str, str, Any]]:
    """(part, kind, value) for each piece of card language a step holds: kind is do, test or amount."""
    if key == "do":
        return [("do", "do", arg)]
    found: list[tuple[str, str, Any]] = []
    if key == "repeat":
        found += [("times", "amount", arg.times), ("until", "test", arg.until)]
    elif key == "if":
        found.append(("test", "test", arg.test))
    elif key == "turn":
        found.append(("if", "test", arg.if_))
    elif key == "deal":
        found += [("deck", "amount", arg.deck), ("copies", "amount", arg.copies), ("each", "amount", arg.each)]
    # a number written out needs no function: the runner reads it as it is
    return [(part, kind, value) for part, kind, value in found if isinstance(value, OneOf)]


def _function(gen: Any, sid: int, part: str, kind: str, value: Any, about: str) -> FlowPart:
    gen.namer.count = 0  # each flow function numbers its names from 1, wherever it is
    name = ident("flow_win" if sid == WIN else f"flow_{sid}_{part}")
    c = Code("ctx")
    doc = lit(f"The flow's {about}: {_SAYS[part]}.")
    if kind == "do":
        head, body = "None", gen.block(value, c)
    elif kind == "test":
        head, body = "bool", Code(f"    return bool({gen.test(value, c)})")
    else:
        head, body = "int", Code(f"    return {gen.amount(value, c)}")
    where = comment_text(f"{gen.game.game_file}: flow")
    return FlowPart(sid, part, name, Code(f"# {where}\ndef {name}(ctx: Context) -> {head}:\n    {doc}\n{body}"))
