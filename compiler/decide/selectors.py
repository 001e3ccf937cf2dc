"""A selector as a search plan: the zones searched, whose, and the tests a card must pass.

The plan reads game.yaml only (kinds, zones, relations), never the cards, so the interpreter may
work it out as it runs. Its fixed tests (ids, kinds, `where` fields with literal values) are
`passes`: the interpreter applies it to each card it meets, the code generator folds it over every
card of the game into a set of ids (`fixed_ids`). A `where` field compared with an amount or with
a field of the card in hand (`varying`) is read at run time, as are `fewest`/`most`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..lang.nodes import OneOf
from ..lang.types import FieldTest, Selector, as_list
from ..model.compiled import field_value, holds
from . import players
from .tables import kept_for


@dataclass(frozen=True)
class Plan:
    zones: tuple[tuple[str, bool], ...]  # (zone, shared); none: the game's own entities, every card
    owners: players.Plan  # whose zones are searched (shared zones have no owner)
    missing: bool  # the cards absent from each zone, not those in it
    ids: tuple[str, ...] | None  # the ids allowed (None: any)
    kinds: tuple[str, ...] | None  # the kinds allowed (None: any)
    fixed: tuple[tuple[str, Any], ...]  # `where` fields with the values (or comparisons) the data gives
    varying: tuple[tuple[str, Any], ...]  # `where` fields compared with an amount: read at run time
    fewest: Any  # an amount (int or expression) or None
    most: Any

    @property
    def filtered(self) -> bool:
        """Whether the fixed tests let only some cards through."""
        return self.ids is not None or self.kinds is not None or bool(self.fixed)


# Plans by game.yaml (the Game model), then by selector.


def of(game: Any, selector: Selector | str) -> Plan:
    """The plan of a selector, or of a plain card id; worked out once per selector of the game (the
    interpreter asks for it at every card a filter tests)."""
    # a plan reads game.yaml alone (through the cache's view of the game: no card)
    known = kept_for(game.game, "selectors.plans")
    key = selector if isinstance(selector, str) else id(selector)
    found = known.get(key)
    if found is not None and (found[0] is selector or isinstance(selector, str)):
        return found[1]
    plan = _plan(game, selector)
    known[key] = (selector, plan)  # the selector kept with it: its id stays its own
    return plan


def _plan(game: Any, selector: Selector | str) -> Plan:
    if isinstance(selector, str):
        selector = Selector(id=selector)
    where = selector.where or {}
    return Plan(
        zones=zones(game, selector),
        owners=players.of(game, selector.of or players.ACTOR_NAME),
        missing=bool(selector.missing),
        ids=None if selector.id is None else tuple(as_list(selector.id)),
        kinds=None if selector.kind is None else tuple(as_list(selector.kind)),
        fixed=tuple((name, wanted) for name, wanted in where.items() if not _varying(wanted)),
        varying=tuple((name, wanted) for name, wanted in where.items() if _varying(wanted)),
        fewest=selector.fewest,
        most=selector.most,
    )


def _varying(wanted: Any) -> bool:
    """A `where` value read at run time: an amount, or a comparison with an amount (or `among`) in it."""
    if isinstance(wanted, FieldTest):
        return wanted.among is not None or any(isinstance(v, OneOf) for v in wanted.tests().values())
    return isinstance(wanted, OneOf)


def passes(plan: Plan, card: Any) -> bool:
    """Whether a card passes the plan's fixed tests."""
    if plan.ids is not None and card.id not in plan.ids:
        return False
    if plan.kinds is not None and card.kind not in plan.kinds:
        return False
    return all(holds(field_value(card, name), _fixed(wanted)) for name, wanted in plan.fixed)


def _fixed(wanted: Any) -> Any:
    """A fixed `where` value as holds() compares it: a comparison as its tests."""
    return wanted.tests() if isinstance(wanted, FieldTest) else wanted


def fixed_ids(game: Any, plan: Plan) -> dict[str, None] | None:
    """The ids of every card of the game that passes the fixed tests, in order (None: no such test)."""
    if not plan.filtered:
        return None
    return {card.id: None for card in game.cards.values() if passes(plan, card)}


def zones(game: Any, selector: Selector) -> tuple[tuple[str, bool], ...]:
    """The zones a selector searches, and whether each is shared: its zone, else the zones its kinds
    are built into, else every zone of cards in play. Kinds that never lie in a zone (spaces of a
    board): no zone, the game's own entities are searched."""
    rules = game.game
    if selector.zone:
        found = [selector.zone]
    else:
        kind_zones = [rules.kinds[k].zone for k in as_list(selector.kind) if k in rules.kinds]
        found = [z for z in kind_zones if z] or list(game.play_zones)
        if as_list(selector.kind) and not any(kind_zones):
            found = []
    return tuple((z, bool(rules.zones[z].shared)) for z in dict.fromkeys(found))


def source(game: Any, selector: Selector | str) -> tuple[str, ...] | None:
    """The zones the cards a selector finds are taken from, in its order: the zones it searches.
    None: any zone that holds them (a card missing from its zones, or one of the game's entities,
    lies elsewhere if anywhere)."""
    plan = of(game, selector)
    if plan.missing or not plan.zones:
        return None
    return tuple(zone for zone, _shared in plan.zones)


_UNRANKED: dict[int, tuple[Selector, Selector]] = {}


def unranked(selector: Selector | str) -> Selector | str:
    """The selector without its `fewest`/`most` (the same object each time, so that its plan is
    worked out once): a build keeps the extremes among the cards it can build (runtime/building.py),
    so that the cheapest card it may not build does not leave it nothing to build."""
    if isinstance(selector, str) or (selector.fewest is None and selector.most is None):
        return selector
    found = _UNRANKED.get(id(selector))
    if found is None or found[0] is not selector:
        found = _UNRANKED[id(selector)] = (selector, selector.model_copy(update={"fewest": None, "most": None}))
    return found[1]


def ranked(selector: Selector | str) -> bool:
    """Whether a selector keeps only its candidates scoring lowest or highest (`fewest`/`most`)."""
    return not isinstance(selector, str) and (selector.fewest is not None or selector.most is not None)
