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

from ..lang.types import as_list
from .interpreter import MAX_DEPTH

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
    """The cards whose build, once its checks pass and its cost is paid, can never be refused when
    judged from a menu (judging.py): the rules' effects on the build trigger, the card's own and those
    of every card that hears a build (interpreter.build runs these three) do only what is never
    refused, or, the card's own, an optional free build (`_sure_build`) of cards found so before it.

    Such a build of a build cannot loop: a card is found at a level one above the cards it may
    build (level 0: it builds nothing), and levels are found only while the deepest run they make
    stays within MAX_DEPTH: a build from a menu is made at depth 1, a build of a level-L card nests
    L more, and announces inside one add at most one each per trigger of the game (a trigger that
    sets itself off is not sure), so 1 + L + triggers < MAX_DEPTH and no depth check refuses."""
    trigger = game.game.build.on_built
    seen = frozenset({trigger})  # a build effect that announces a build again is tried, not assumed
    common = [effect for _index, effect in game.rule_triggered.get(trigger, [])]
    common += [effect for by_trigger in game.heard.values() for _index, effect in by_trigger.get(trigger, [])]
    if not all(_sure(game, action, seen) for effect in common for action in effect.do or []):
        return frozenset()
    own = {
        card_id: [
            action for _index, effect in game.triggered.get(card_id, {}).get(trigger, []) for action in effect.do or []
        ]
        for card_id in game.cards
    }
    sure: frozenset[str] = frozenset()
    level = 0
    while 1 + level + len(game.game.triggers) < MAX_DEPTH:
        found = frozenset(
            card_id
            for card_id, actions in own.items()
            if all(_sure(game, action, seen) or _sure_build(game, action, sure) for action in actions)
        )
        if found == sure:
            break
        sure, level = found, level + 1
    return sure


def _sure_build(game: CompiledGame, action: Any, sure: frozenset[str]) -> bool:
    """Whether a build inside a build's effects can never be refused: optional (whatever can be
    built, building none succeeds), free, at no price, of a count given as a number, among cards
    whose kinds require nothing and whose build is sure (`sure`). Every candidate building.py
    offers then passed the checks (can_build, free: the checks alone) on the state it is built on
    but for the card taken: a kind's zone and a unique card's place in it, which taking a card
    never makes fail; it is built free and what it sets off is never refused."""
    arg = action.arg
    if action.key != "build" or not arg.optional or not arg.free or arg.price is not None:
        return False
    if type(arg.count) is not int:
        return False
    kinds = game.game.kinds
    if isinstance(arg.card, str):
        candidates = [arg.card]
    else:
        wanted = as_list(arg.card.kind) or list(kinds)
        candidates = [card_id for card_id, card in game.cards.items() if card.kind in wanted]
    for card_id in candidates:
        kind = kinds[game.cards[card_id].kind]
        if kind.zone is not None and (kind.requires is not None or card_id not in sure):
            return False
    return True
