"""A player set's plan (decide/players.py) evaluated at a table: the players, in order.

The interpreter and the generated handlers both call `players`: the plan is worked out from the
names once (by the interpreter as it runs, by the generator at build time), evaluated here.
"""

from __future__ import annotations

from ..decide.players import ACTOR, EVERY_SEAT, OTHER_SEATS, OWNER_PART, TARGET, Part, Plan, order_key
from .state import Illegal, Player, State


def players(plan: Plan, state: State, actor: Player, owner: Player, ordered: bool | str = False) -> list[Player]:
    """The players of a plan, each once, in the plan's order; `ordered`: in turn order from the
    actor's left (True), or in one of decide/players.ORDERS (counter-clockwise, ...)."""
    everyone = state.players
    n = len(everyone)
    if len(plan) == 1:  # one part: its players, each once already
        found = _part(plan[0], state, actor, owner, everyone, n)
    else:
        found = _distinct(plan, state, actor, owner, everyone, n)
    if ordered:
        if ordered is True or ordered == "clockwise":
            found.sort(key=lambda p: (p.seat - actor.seat - 1) % n)
        else:
            key = order_key(ordered, actor.seat, n)
            found.sort(key=lambda p: key(p.seat))
    return found


def _distinct(plan: Plan, state: State, actor: Player, owner: Player, everyone: list[Player], n: int) -> list[Player]:
    """The players of the plan's parts, each once, in the plan's order."""
    found: list[Player] = []
    for part in plan:
        for player in _part(part, state, actor, owner, everyone, n):
            for known in found:  # by identity: comparing players' contents is slow (and reads them)
                if known is player:
                    break
            else:
                found.append(player)
    return found


def _part(part: Part, state: State, actor: Player, owner: Player, everyone: list[Player], n: int) -> list[Player]:
    if part == ACTOR:
        return [actor]
    if part == OWNER_PART:
        return [owner]
    if part[0] == "player":
        return [state.player(part[1])]
    # seat i is everyone[i] (state.new_state seats them in order; every copy keeps it)
    if part[0] == "offset":
        return [everyone[(actor.seat + part[1]) % n]]
    if part in (EVERY_SEAT, OTHER_SEATS):
        start = 0 if part == EVERY_SEAT else 1
        return [everyone[(actor.seat + k) % n] for k in range(start, n)]
    if part == TARGET:
        raise Illegal("no player is targeted here: 'target' names the player a target action picked")
    raise Illegal(f"unknown player relation '{part[1]}'")
