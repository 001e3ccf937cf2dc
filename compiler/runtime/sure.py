"""The actions a move ends with that can never be refused, whatever the state: no trial needed for them.

A move is legal when its actions succeed for some answers (menus.py), which is found by trying them
on a copy of the state, depth first from the first answers. An action that is never refused (raise
Illegal) when its questions are answered with their first options adds nothing to that search:
the first run that gets past the actions before it succeeds. Each primitive says whether it is such
(`Primitive.never_refused`: a gain, a move of cards, a marker moved, pieces sent home, a `choose`
or a `may` (they offer only what can be carried out so), an `if`, `repeat` or `for_each` of such
actions, an announce or an invoke whose effects are such, an optional free build of cards whose
build is such); a move then stops its trials where its sure tail begins, and a move that is all tail is
legal with every card its selector finds. The answers are worked out once per game and move
(program.py). A move that is one action refused only by what it reads first (`Primitive.guard`:
`lead`, a piece and a free space) is judged by that guard where what it then sets off is such
(`Sure.effects`). The step budget is not part of it: data that asks more than a run may do
(limits.py) is found by `ostraka check` running its examples, and a run that exceeds it changes
nothing.

The same holds of what a build sets off once it is paid for (`sure_builds`): a move that builds a
card whose build cannot then be refused is judged from its checks and its price (judging.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..lang import hooks
from ..lang.types import as_list
from .interpreter import MAX_DEPTH

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame


_NONE: frozenset[str] = frozenset()


def sure_from(game: CompiledGame, actions: list[Any], builds: frozenset[str] = _NONE) -> int:
    """Where the actions' tail of never-refused ones begins (len(actions): none of them is sure);
    `builds`: the cards whose build is sure (sure_builds), for the builds among the actions."""
    start = len(actions)
    while start > 0 and _sure(game, actions[start - 1], _NONE, builds):
        start -= 1
    return start


def _sure(game: CompiledGame, action: Any, seen: frozenset[str], builds: frozenset[str]) -> bool:
    return bool(action.primitive.never_refused(action.arg, Sure(game, builds, seen)))


class Sure:
    """What a primitive's never_refused and guard ask (lang/registry.py): whether every effect a
    trigger sets off is never refused (called with the trigger), every one of some actions, an
    optional build (of cards whose build is sure: `builds`), or a card's own effects on a trigger."""

    def __init__(self, game: CompiledGame, builds: frozenset[str], seen: frozenset[str] = _NONE) -> None:
        self.game, self.builds, self.seen = game, builds, seen
        self._effects: dict[tuple[str, str], bool] = {}
        self._heard: dict[str, bool] = {}  # (a guard asks at every menu: each answer found once)

    def __call__(self, trigger: str) -> bool:
        found = self._heard.get(trigger)
        if found is None:
            found = self._heard[trigger] = _heard(self.game, trigger, self.seen, self.builds)
        return found

    def actions(self, actions: list[Any] | None) -> bool:
        return all(_sure(self.game, action, self.seen, self.builds) for action in actions or [])

    def effects(self, card_id: str, trigger: str) -> bool:
        """Whether the card's own effects on the trigger (as `invoke` and `lead` run them) are never
        refused, and those of every card a replacement may put in its place (`replace`)."""
        key = (card_id, trigger)
        found = self._effects.get(key)
        if found is None:
            game, seen = self.game, self.seen | {trigger}
            replacing = [arg for args in game.passives_by_hook.get(hooks.REPLACEMENT, {}).values() for arg in args]
            replacing += [
                effect.passive_arg for _index, effect in game.rule_passives if effect.hook == hooks.REPLACEMENT
            ]
            cards = {card_id} | {arg.with_ for arg in replacing if arg.invoke == card_id}
            found = self._effects[key] = all(
                _sure(game, action, seen, self.builds)
                for other in sorted(cards)
                for _index, effect in game.triggered.get(other, {}).get(trigger, [])
                for action in effect.do or []
            )
        return found

    def optional_build(self, arg: Any) -> bool:
        """Whether an optional build is never refused: building none is always allowed, and the
        first card that can be built (building.py: can_build, the checks alone when it is free)
        is then built as found: free, at no price, its count a number, among kinds that require
        nothing, whose build sets off nothing refused (`builds`). Its checks passed on the state
        it is built on but for the card taken from where it lay, which never fails a kind's zone
        or a unique card's place in it (a requirement might read that zone, a price the supply)."""
        game = self.game
        if not arg.optional or not arg.free or arg.price is not None or type(arg.count) is not int:
            return False
        kinds = game.game.kinds
        if isinstance(arg.card, str):
            candidates = [arg.card]
        else:
            wanted = as_list(arg.card.kind) or list(kinds)
            candidates = [card_id for card_id, card in game.cards.items() if card.kind in wanted]
        for card_id in candidates:
            kind = kinds[game.cards[card_id].kind]
            if kind.zone is not None and (kind.requires is not None or card_id not in self.builds):
                return False
        return True


def _heard(game: CompiledGame, trigger: str, seen: frozenset[str], builds: frozenset[str]) -> bool:
    """Whether every effect that hears the trigger (the rules', cards' in play, other players'
    cards that hear it) does only what is never refused. A trigger that sets itself off is not."""
    if trigger in seen:
        return False
    seen = seen | {trigger}
    effects = [effect for _index, effect in game.rule_triggered.get(trigger, [])]
    for table in (game.triggered, game.heard):
        effects += [effect for by_trigger in table.values() for _index, effect in by_trigger.get(trigger, [])]
    return all(_sure(game, action, seen, builds) for effect in effects for action in effect.do or [])


def sure_builds(game: CompiledGame) -> tuple[frozenset[str], int]:
    """The cards whose build, once its checks pass and its cost is paid, is never refused when
    judged from a menu (judging.py), and how many levels they were found in: the rules' effects on
    the build trigger, the card's own and those of every card that hears a build (interpreter.build
    runs these three) do only what is never refused, an optional build among them
    (Sure.optional_build) of cards found so at a level below.

    Such a build of a build cannot loop: a card is found at a level one above the cards it may
    build (level 0: it builds nothing), and levels are found only while the deepest run they make
    stays within MAX_DEPTH: a build from a menu is made at depth 1, a build of a level-L card nests
    L more, and announces inside one add at most one each per trigger of the game (a trigger that
    sets itself off is not sure), so 1 + L + triggers < MAX_DEPTH and no depth check refuses."""
    trigger = game.game.build.on_built
    seen = frozenset({trigger})  # a build effect that announces a build again is tried, not assumed
    common = [effect for _index, effect in game.rule_triggered.get(trigger, [])]
    common += [effect for by_trigger in game.heard.values() for _index, effect in by_trigger.get(trigger, [])]
    if not all(_sure(game, action, seen, _NONE) for effect in common for action in effect.do or []):
        return _NONE, 0
    own = {
        card_id: [
            action for _index, effect in game.triggered.get(card_id, {}).get(trigger, []) for action in effect.do or []
        ]
        for card_id in game.cards
    }
    sure: frozenset[str] = _NONE
    level = 0
    while 1 + level + len(game.game.triggers) < MAX_DEPTH:
        found = frozenset(
            card_id for card_id, actions in own.items() if all(_sure(game, action, seen, sure) for action in actions)
        )
        if found == sure:
            break
        sure, level = found, level + 1
    return sure, level
