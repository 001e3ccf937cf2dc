"""An example's `when` run at a table: a card built or an event fired, by a player, in order.

The runtime's: the interpreter, the generated handlers (codegen/engine.py) and the game machine
run a `when` alike; the example checker (pipeline/check/examples.py) runs it and compares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.diagnostics import did_you_mean
from .decider import Decider
from .interpreter import build, fire
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame


class ExampleInvalid(Exception):
    """The example is written wrongly (an unknown player, noun or card); `path` is where, inside the
    example (('given', 'p1', 'city', 0)), and `hint` a did-you-mean."""

    def __init__(self, message: str, path: tuple = (), hint: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.hint = hint


class UnknownCard(ExampleInvalid):
    """An example names a card the game lacks; where it names it and the id are kept apart, so that a
    check can tell that the card's own file did not load without reading the message."""

    def __init__(self, where: str, card_id: str, path: tuple = (), hint: str = "") -> None:
        super().__init__(f"{where} names unknown card '{card_id}'", path, hint)
        self.where, self.card_id = where, card_id


def trigger(
    game: CompiledGame, state: State, when: dict[str, Any] | list, decider: Decider, handlers: Any = None
) -> None:
    """Fire an example's `when` (one step, or several in order); `handlers` (compiler/codegen/engine.py)
    runs the generated code instead of the tree."""
    if isinstance(when, list):
        for step in when:
            trigger(game, state, step, decider, handlers)
        return
    if not isinstance(when, dict):
        raise ExampleInvalid("each step of when is a mapping: {build: id} or {event: name}")
    by = when.get("by", "p1")
    for field in ("by", "build", "event", "from"):
        if field in when and not isinstance(when[field], str):
            raise ExampleInvalid(f"when.{field} should be a name, not {type(when[field]).__name__}")
    try:
        actor = state.player(by)
    except KeyError:
        raise ExampleInvalid(f"when.by names no player: '{by}'") from None
    if "build" in when:
        card_id = when["build"]
        if card_id not in game.cards:
            raise UnknownCard("when.build", card_id, ("when", "build"), did_you_mean(card_id, game.cards))
        _take_for_build(game, actor, card_id, when.get("from"))
        build(game, state, actor, card_id, decider, free=bool(when.get("free", False)), handlers=handlers)
    elif "event" in when:
        event = when["event"]
        if event not in game.game.triggers and event != game.game.build.on_built:
            raise ExampleInvalid(f"when.event names unknown trigger '{event}'")
        payload = {k: v for k, v in when.items() if k not in ("event", "by")}
        fire(game, state, event, actor, decider, payload, handlers=handlers)
    else:
        raise ExampleInvalid("when needs 'build' or 'event'")


def _take_for_build(game: CompiledGame, actor: Any, card_id: str, source: str | None) -> None:
    """The card an example builds leaves the zone it is taken from: `from` (one of the builder's
    zones), else the first of their zones holding it other than the one it is built into, so that
    a copy already built stays there (and a second copy, or its refusal, can be shown)."""
    if source is not None:
        if source not in actor.zones and source not in game.game.zones:
            raise ExampleInvalid(
                f"when.from names no zone: '{source}'", ("when", "from"), did_you_mean(source, game.game.zones)
            )
        held = actor.zones.get(source, [])
        if card_id not in held:
            raise ExampleInvalid(f"when.from: {actor.id}'s {source} holds no '{card_id}'", ("when", "from"))
        held.remove(card_id)
        return
    kind = game.game.kinds.get(game.cards[card_id].kind)
    built_into = kind.zone if kind is not None else None
    for name, zone in actor.zones.items():
        if card_id in zone and name != built_into:
            zone.remove(card_id)
            return
