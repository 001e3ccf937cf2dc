"""The switch between the two execution paths, and running examples through the handlers.

`Context.handlers` (compiler/runtime/interpreter.py) is None for the interpreter, or a `Handlers`
for the generated code: `run_trigger` then calls the generated function of (card, trigger)
instead of walking the effects. `fire()`, `build()` and the examples' `trigger()` take it as
`handlers=`; `ostraka check --engine handlers` runs every example that way.
"""

from __future__ import annotations

import hashlib
import types
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from ..model.compiled import CompiledGame
from ..runtime.when import trigger
from .generator import render

ENGINES = ("interpreter", "handlers")


class Handlers:
    """One game's generated handlers, as the runtime calls them."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self.rules: dict[str, Callable] = namespace["RULES"]
        self.cards: dict[tuple[str, str], Callable] = namespace["HANDLERS"]
        self.kinds: dict[str, Callable] = namespace.get("REQUIRES", {})
        self.moves: dict[str, tuple[Callable, ...]] = namespace.get("MOVES", {})
        self.move_cards: dict[str, Callable] = namespace.get("MOVE_CARDS", {})
        self.builds: dict[tuple[str, int], tuple[Callable, Callable, bool]] = namespace.get("BUILDS", {})
        self.flow: dict[tuple[int, str], Callable] = namespace.get("FLOW", {})

    def run(self, ctx: Any, card_id: str | None, trigger: str) -> None:
        handler = self.rules.get(trigger) if card_id is None else self.cards.get((card_id, trigger))
        if handler is not None:
            handler(ctx)

    def requires(self, ctx: Any, kind: str) -> bool:
        return self.kinds[kind](ctx)


_LOADED: dict[str, Handlers] = {}


def load_source(source: str, filename: str) -> Handlers:
    """Execute a handlers module's text as a fresh module (cached by its text)."""
    key = hashlib.sha256(source.encode("utf-8")).hexdigest()
    if key not in _LOADED:
        module = types.ModuleType("ostraka_generated_handlers")
        module.__file__ = filename
        exec(compile(source, filename, "exec"), module.__dict__)  # noqa: S102 - our own generated code
        _LOADED[key] = Handlers(module.__dict__)
    return _LOADED[key]


def load(game: CompiledGame) -> Handlers:
    """The handlers of a game, generated afresh from its data (what `ostraka build` would write,
    before black lays it out: the same code, and no formatting time for `check --engine handlers`)."""
    return load_source(render(game, layout=False), f"generated/{game.id}/handlers.py")


def load_file(path: Path) -> Handlers:
    """The handlers of a game as written by `ostraka build` (e.g. generated/<game>/handlers.py)."""
    return load_source(path.read_text(encoding="utf-8"), str(path))


def runner(game: CompiledGame) -> Callable:
    """An example runner (see examples.run_example) that uses the generated handlers."""
    return partial(trigger, handlers=load(game))
