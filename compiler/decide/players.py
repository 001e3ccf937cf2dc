"""Player sets as seat offsets: the one place the built-in player names are spelled.

A plan is a tuple of parts, each one of:

    ("self",)            the actor            ("owner",)       the owner of the card
    ("all",)             every seat, from the actor round the table
    ("opponents",)       every other seat, from the actor's left
    ("offset", k)        the seat k places after the actor (a relation of game.yaml)
    ("player", "p2")     one seat by its id, as examples name players
    ("ref", name)        a name no rule resolves: refused when it is evaluated
    ("target",)          the player a `target` action picked: aimed() names them before evaluating

runtime/seats.py evaluates a plan against a state; the generated handlers carry it as a literal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..lang.types import as_list
from .tables import kept_for

Part = tuple[Any, ...]
Plan = tuple[Part, ...]

# Every built-in player name, and what it means. pipeline/resolve.py and the English read it from here.
ACTOR, OWNER_PART, EVERY_SEAT, OTHER_SEATS = ("self",), ("owner",), ("all",), ("opponents",)
TARGET = ("target",)  # the player a `target` action picked (the event being handled names them)
BUILTIN: dict[str, Part] = {
    "self": ACTOR,
    "owner": OWNER_PART,
    "all": EVERY_SEAT,
    "everyone": EVERY_SEAT,
    "opponents": OTHER_SEATS,
    "others": OTHER_SEATS,
    "target": TARGET,
}
TARGET_DETAIL = "@target"  # the event's detail naming the target (no declared detail is named so)
BUILTIN_PLAYERS = tuple(BUILTIN)
ACTOR_NAME = BUILTIN_PLAYERS[0]  # whose, when an effect names no one: the acting player
SELF: Plan = (ACTOR,)
OWNER: Plan = (OWNER_PART,)
OPPONENTS: Plan = (OTHER_SEATS,)

_SEAT_ID = re.compile(r"^p[0-9]+$")
_MAX_DEPTH = 20  # relations made of relations: deeper than this is a loop in the data


def plan(relations: Mapping[str, Any], ref: Any) -> Plan:
    """The plan of a player set (one name or a list of names), relations resolved to seat offsets."""
    parts: list[Part] = []
    for name in as_list(ref):
        parts += _parts(relations, name, 0)
    return tuple(parts)


def _parts(relations: Mapping[str, Any], name: str, depth: int) -> list[Part]:
    if name in BUILTIN:
        return [BUILTIN[name]]
    if _SEAT_ID.match(name):
        return [("player", name)]
    relation = relations.get(name)
    if isinstance(relation, int) and not isinstance(relation, bool):
        return [("offset", relation)]
    if isinstance(relation, list) and depth < _MAX_DEPTH:
        return [part for sub in relation for part in _parts(relations, sub, depth + 1)]
    return [("ref", name)]


def one(p: Plan) -> Part | None:
    """ACTOR or OWNER_PART when the plan is that one player, whatever the table; else None."""
    return p[0] if p in (SELF, OWNER) else None


def of(game: Any, ref: Any) -> Plan:
    """plan() with a checked game's relations, worked out once per player set of the game (the
    interpreter asks for it at every player set an effect reads)."""
    rules = game.game
    known = kept_for(rules, "players.plans")
    key = tuple(as_list(ref))  # a plan reads the names alone: one name is a list of one
    found = known.get(key)
    if found is None:
        found = known[key] = plan(rules.relations, ref)
    return found


# The orders a set of players may be taken in (for_each's `order`), each a sort key of a seat
# given the acting player's seat and the table's size: clockwise from the actor's left (the actor,
# if in the set, last), counter-clockwise from the actor's right, clockwise from the actor itself,
# and in turn order (seat order from the first seat, p1).
ORDERS = ("clockwise", "counter_clockwise", "active_first", "turn_order")
# A trigger's listeners and hearers (game.yaml triggers' `order`), from the player who set it off:
# clockwise (to their left) or counter-clockwise.
AROUND = ("clockwise", "counter_clockwise")


def order_key(order: str, actor: int, n: int):
    """The sort key of a seat for one of ORDERS, the actor at seat `actor` of `n`."""
    if order == "counter_clockwise":
        return lambda seat: (actor - seat - 1) % n
    if order == "active_first":
        return lambda seat: (seat - actor) % n
    if order == "turn_order":
        return lambda seat: seat
    return lambda seat: (seat - actor - 1) % n


def around(order: str, setter: int, n: int) -> list[int]:
    """The seats from the one that set a trigger off (first), clockwise or counter-clockwise."""
    step = -1 if order == "counter_clockwise" else 1
    return [(setter + step * k) % n for k in range(n)]


def aimed(p: Plan, target: Any) -> Plan:
    """A plan with the target named: its TARGET parts become that seat (`target`: a player id, the
    event's TARGET_DETAIL; None: no target is picked here, and the part stays, to be refused)."""
    if TARGET not in p or not isinstance(target, str):
        return p
    return tuple(("player", target) if part == TARGET else part for part in p)
