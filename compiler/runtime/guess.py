"""A guess at the cards a player cannot see: the game as it might be, for all that player knows.

An honest bot searches guesses, never the true state (determinization, as information-set MCTS
does): `guess(game_state, seat, rng)` is a clone of the game whose cards hidden from `seat` are
dealt anew among the places they could lie (view.unseen: the others' hands among themselves, each
face-down pile within itself, keeping every zone's count and the runs of its `count_by` field),
and whose picks made earlier in a simultaneous turn by the other seats, hidden too, are made
anew among their moves in the guessed game. What the player sees is the same in the guess
(`view(guess, seat)` equals `view(game_state, seat)`).

What it does not know: a card a player saw pass through another's hand (a drafted hand) is
dealt anywhere unseen, as any other.
"""

from __future__ import annotations

import random
from typing import Any

from .program import TURN
from .view import Slot, unseen


def guess(game_state: Any, seat: int, rng: random.Random, picks: bool = True) -> Any:
    """A clone of the game with what `seat` cannot see guessed (see the module's docstring);
    `picks=False` leaves the others' hidden picks as they are (for valuing one's own move alone)."""
    twin = game_state.clone()
    old = twin.state
    groups = unseen(twin, seat)
    if groups:
        new = old.copy(new_run=True)
        for group in groups:
            _deal_anew(twin.game, group, rng, twin.program.card_index)
            for slot in group:
                zones = new.zones if slot.owner is None else new.players[slot.owner].zones
                zones[slot.zone] = list(slot.cards)
        twin.state = new
        for frame in twin.stack:  # a step paused on its question re-runs from this state
            if len(frame) > 4 and frame[4] is old:
                frame[4] = new
    if picks:
        _pick_anew(twin, seat, rng)
    return twin


def _deal_anew(game: Any, group: list[Slot], rng: random.Random, order: dict[str, int]) -> None:
    """The group's cards dealt among its slots at random, each slot keeping its count and, where
    its zone has `count_by`, each position the value it had. The cards are put in the game's card
    order before they are shuffled, so that the guess does not depend on where they truly lie."""

    def canonical(cards: list[str]) -> list[str]:
        return sorted(cards, key=lambda c: order.get(c, -1))

    spec = game.game.zones.get(group[0].zone)
    by = spec.count_by if spec is not None else None
    if by is None:
        pool = canonical([c for slot in group for c in slot.cards])
        rng.shuffle(pool)
        at = 0
        for slot in group:
            slot.cards = pool[at : at + len(slot.cards)]
            at += len(slot.cards)
        return

    def value(cid: str) -> str:
        card = game.cards.get(cid)
        return str(card.fields.get(by, "")) if card is not None else ""

    pools: dict[str, list[str]] = {}
    for slot in group:
        for cid in slot.cards:
            pools.setdefault(value(cid), []).append(cid)
    for key in sorted(pools):
        pools[key] = canonical(pools[key])
        rng.shuffle(pools[key])
    for slot in group:
        slot.cards = [pools[value(cid)].pop() for cid in slot.cards]


def _pick_anew(twin: Any, seat: int, rng: random.Random) -> None:
    """The picks the other seats made earlier in the simultaneous turn under way (hidden from
    `seat`) made anew: each a move at random among those legal for that seat in the guess."""
    frame = twin.stack[-1] if twin.stack else None
    if frame is None or frame[0] != TURN or twin.node is None or twin.node.kind != "menu":
        return
    _k, sid, seats, _menus, picked, picks = frame
    if not twin.program.steps[sid].arg.simultaneous:
        return
    for i in range(min(picked, len(picks))):
        if seats[i] != seat and picks[i] >= 0:
            legal = twin.menus.legal_moves(sid, seats[i], keep=False)
            picks[i] = rng.choice(legal) if legal else -1
