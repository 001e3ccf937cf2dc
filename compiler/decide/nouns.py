"""A noun's bounds as the verbs that change it apply them.

`change` decides how adding to a noun is done: ("ask",) a resource the player names (`any`),
("global", ) a value of the whole table, or ("clamp", low, high) a player's value kept within the
noun's bounds (None: unbounded). `floor` is the lowest a payment may leave a noun at.
"""

from __future__ import annotations

from typing import Any

from ..lang import hooks
from .tables import kept_for

NO_FLOOR = -(10**12)  # what a noun without a minimum may go down to when paid
PLAYERS = "players"  # the global every state holds: how many play (runtime/state.py sets it)


def is_global(rules: Any, noun: str) -> bool:
    """A value of the whole table (state.globals), not of a player."""
    return noun in rules.globals or noun == PLAYERS


def change(rules: Any, noun: str) -> tuple[Any, ...]:
    """How adding to a noun is done (see the module), found once per game.yaml and noun (the
    model is slow to read, and every gain and payment asks)."""
    known = kept_for(rules, "nouns.changes")
    found = known.get(noun)
    if found is None:
        found = known[noun] = _change(rules, noun)
    return found


def _change(rules: Any, noun: str) -> tuple[Any, ...]:
    if noun == "any":
        return ("ask",)
    if is_global(rules, noun) and noun not in rules.counters:
        return ("global",)
    low, high = rules.bounds(noun)
    return ("clamp", low, high)


def clamp(value: int, low: int | None, high: int | None) -> int:
    if low is not None:
        value = max(low, value)
    if high is not None:
        value = min(high, value)
    return value


def floor(rules: Any, noun: str) -> int:
    """The lowest a payment may leave a noun at, found once per game.yaml and noun (as change)."""
    known = kept_for(rules, "nouns.floors")
    found = known.get(noun)
    if found is None:
        low, _high = rules.bounds(noun)
        found = known[noun] = low if low is not None else NO_FLOOR
    return found


def keeps(rules: Any, noun: str) -> int:
    """What a player giving a noun away keeps at least (hand_over): its minimum, else 0."""
    return rules.bounds(noun)[0] or 0


def substitutable(game: Any, noun: str) -> bool:
    """Whether paying the noun may call on a `substitute` (a wild resource): `any` always may."""
    if noun == "any":
        return True
    if noun not in game.game.resources:
        return False
    return bool(game.passives_by_hook.get(hooks.SUBSTITUTE)) or any(
        e.hook == hooks.SUBSTITUTE for _i, e in game.rule_passives
    )
