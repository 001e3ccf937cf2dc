"""The actions a move ends with that can never be refused, whatever the state: no trial needed for them.

A move is legal when its actions succeed for some answers (menus.py), which is found by trying them
on a copy of the state. An action that can never be refused (raise Illegal) adds nothing to that
search: when the actions before it succeed, the move does. Each primitive says whether it is such
(`Primitive.never_refused`: a gain, a move of cards, an announce that every effect it sets off is
such); a move then stops its trials where its sure tail begins, and a move that is all tail is legal
with every card its selector finds. The answer is worked out once per game and move (program.py).

The same holds of what a build sets off once it is paid for (`sure_builds`): a move that builds a
card whose build cannot then be refused is judged from its checks and its price (judging.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..compiled import CompiledGame


def sure_from(game: CompiledGame, actions: list[Any]) -> int:
    """Where the actions' tail of never-refused ones begins (len(actions): none of them is sure)."""
    start = len(actions)
    while start > 0 and _sure(game, actions[start - 1], frozenset()):
        start -= 1
    return start


def _sure(game: CompiledGame, action: Any, seen: frozenset[str]) -> bool:
    return bool(action.primitive.never_refused(action.arg, lambda trigger: _heard(game, trigger, seen)))


def _heard(game: CompiledGame, trigger: str, seen: frozenset[str]) -> bool:
    """Whether every effect that hears the trigger (the rules', cards' in play, other players'
    cards that hear it) does only what is never refused. A trigger that sets itself off is not."""
    if trigger in seen:
        return False
    seen = seen | {trigger}
    effects = [effect for _index, effect in game.rule_triggered.get(trigger, [])]
    for table in (game.triggered, game.heard):
        effects += [effect for by_trigger in table.values() for _index, effect in by_trigger.get(trigger, [])]
    return all(_sure(game, action, seen) for effect in effects for action in effect.do or [])


def sure_builds(game: CompiledGame) -> frozenset[str]:
    """The cards whose build, once its checks pass and its cost is paid, can never be refused: the
    rules' effects on the build trigger, the card's own and those of every card that hears a build
    (interpreter.build runs these three) do only what is never refused."""
    trigger = game.game.build.on_built
    seen = frozenset({trigger})  # a build effect that announces a build again is tried, not assumed
    common = [effect for _index, effect in game.rule_triggered.get(trigger, [])]
    common += [effect for by_trigger in game.heard.values() for _index, effect in by_trigger.get(trigger, [])]
    if not all(_sure(game, action, seen) for effect in common for action in effect.do or []):
        return frozenset()
    return frozenset(
        card_id
        for card_id in game.cards
        if all(
            _sure(game, action, seen)
            for _index, effect in game.triggered.get(card_id, {}).get(trigger, [])
            for action in effect.do or []
        )
    )
