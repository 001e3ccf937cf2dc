"""Spaces and pieces at run time: worker placement on entity spaces (see compiler/lang/actions/lead.py),
and players acting on each other. The interpreter's primitives and the generated handlers both call
these, with their arguments evaluated (filters, player lists, functions that run actions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.limits import spend
from ..decide import nouns, selectors
from ..decide.players import OPPONENTS, TARGET_DETAIL
from ..decide.tables import kept_for
from . import cards, seats
from .filters import Match, matching
from .state import Illegal, Player, values_of, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def spaces_of(ctx: Context, selector: Any, later: bool = False) -> Match | None:
    """The interpreter's filter of spaces: the ids the selector's fixed tests let through, worked
    out once per game (the game's order, as a test of every card would find them), or, when part of
    the selector is read at run time, the ids it lets through now (cards.matching_ids); `later`:
    when first asked about a card (a follower's spaces, read once the leader has taken theirs, as
    the generated code reads them)."""
    if selector is None:
        return None
    plan = selectors.of(ctx.game, selector)
    if plan.varying:
        return _read_when_asked(ctx, selector) if later else dict.fromkeys(cards.matching_ids(ctx, selector))
    known = kept_for(ctx.game, "spaces.ids")
    found = known.get(id(plan))
    if found is None or found[0] is not plan:
        ids = selectors.fixed_ids(ctx.game, plan)
        found = known[id(plan)] = (plan, ids if ids is not None else dict.fromkeys(ctx.game.cards))
    return found[1]


def _read_when_asked(ctx: Context, selector: Any) -> Match:
    """A filter of the ids a selector lets through, read when it is first asked about a card."""
    ids: dict[str, None] | None = None

    def passes(card: Any) -> bool:
        nonlocal ids
        if ids is None:
            ids = dict.fromkeys(cards.matching_ids(ctx, selector))
        return card.id in ids

    return passes


def lead(
    ctx: Context,
    lead_match: Match,
    follow_match: Match | None,
    pair: tuple[str, ...],
    piece: str,
    zone: str,
    receive: bool,
    on: str,
    announce: str | None,
) -> None:
    """The `lead` action: the actor occupies a free space of `lead_match` with a `piece`; then each
    opponent in turn order may follow on a space of `follow_match` paired with it (same `pair`
    fields); then every participant, in that order, receives their space's `on` effects and/or
    announces the `announce` trigger with the space's details."""
    game, leader = ctx.game, ctx.actor

    def occupy(player: Player, card_id: str) -> None:
        ctx.spend(player, piece, 1)
        player.zones.setdefault(zone, []).append(card_id)

    if values_of(leader).get(piece, 0) < 1:
        raise Illegal(f"{leader.id} has no {piece} left to lead with")
    free = _free(ctx, lead_match, zone)
    if not free:
        raise Illegal("no free space to lead")
    led = ctx.ask(leader, "which space to lead", free)
    occupy(leader, led)
    taken = [(leader, led)]
    if follow_match is not None:
        led_fields = game.cards[led].fields
        wanted = [(f, led_fields.get(f)) for f in pair]
        paired = [cid for cid in matching(game.cards, follow_match) if _pairs(game.cards[cid].fields, wanted)]
        for player in seats.players(OPPONENTS, ctx.state, ctx.actor, ctx.owner, ordered=True):
            if values_of(player).get(piece, 0) < 1 or not paired:  # read, not copied (state.py)
                continue
            answer = ctx.ask(player, f"follow on {led}", ["pass", *paired])
            if answer != "pass":
                occupy(player, answer)
                taken.append((player, answer))
    for player, space in taken:
        inner = ctx.as_actor(player)
        if receive:
            inner.invoke([(None, space)], on, True)
        if announce:
            details = {k: v for k, v in game.cards[space].fields.items() if isinstance(v, (str, int, bool))}
            inner.dispatch(announce, {**details, "card": space})


def first_led(ctx: Context, lead_match: Match, piece: str, zone: str) -> str | None:
    """The space `lead` would occupy with the first answer, or None where it would be refused: no
    piece the actor may spend, no free space (Lead.guard)."""
    have = values_of(ctx.actor).get(piece, 0)
    if have < 1 or have - 1 < nouns.floor(ctx.game.game, piece):
        return None
    free = _free(ctx, lead_match, zone)
    return free[0] if free else None


def _free(ctx: Context, lead_match: Match, zone: str) -> list[str]:
    """The spaces of the match that nobody holds (in `zone`), in the game's order."""
    held = {cid for p in ctx.state.players for cid in zones_of(p).get(zone, ())}  # read, not copied (state.py)
    return [cid for cid in matching(ctx.game.cards, lead_match) if cid not in held]


def _pairs(fields: Any, wanted: list[tuple[str, Any]]) -> bool:
    return all(fields.get(f) == value for f, value in wanted)


def vacate(ctx: Context, zone: str, where: tuple[tuple[str, tuple[Any, ...]], ...], piece: str | None) -> None:
    """The `vacate` action: the actor's pieces leave the spaces in `zone` whose fields hold the
    wanted values, and return to the `piece` counter."""
    player = ctx.actor
    keep: list[str] = []
    freed: list[str] = []
    for card_id in player.zones.get(zone, []):
        fields = ctx.game.cards[card_id].fields
        (freed if all(fields.get(k) in allowed for k, allowed in where) else keep).append(card_id)
    player.zones[zone] = keep
    if piece and freed:
        ctx.change(player, piece, len(freed))


def held_by(ctx: Context, holders: Callable[[], list[Player]]) -> bool:
    """The `held_by` condition: the card in view is in play for one of these players."""
    if ctx.card is None:
        return False
    return any(ctx.card.id in ctx.owned_ids(p) for p in holders())


def pick_player(ctx: Context, candidates: list[Player], actions: Callable[[Context], None]) -> None:
    """The `pick_player` action: the actor picks one of the candidates, who carries out the actions."""
    if not candidates:
        raise Illegal("no player to pick")
    by_id = {p.id: p for p in candidates}
    picked = by_id[ctx.ask(ctx.actor, "which player", list(by_id))]
    actions(ctx.as_actor(picked))


def target(ctx: Context, candidates: list[Player], actions: Callable[[Context], None]) -> None:
    """The `target` action: the actor picks one of the candidates and carries out the actions
    themselves, the picked player named `target` inside them (the event's TARGET_DETAIL)."""
    if not candidates:
        raise Illegal("no player to target")
    by_id = {p.id: p for p in candidates}
    picked = by_id[next(iter(by_id)) if len(by_id) == 1 else ctx.ask(ctx.actor, "which player to target", list(by_id))]
    actions(ctx.derive(event={**ctx.event, TARGET_DETAIL: picked.id}))


def hand_over(
    ctx: Context, receiver: Player, chooser: Player, count: int, nouns: tuple[tuple[str, str, int], ...]
) -> None:
    """The `hand_over` action: up to `count` units, one at a time, from the actor to the receiver;
    `nouns` holds (given, received, the floor a giver keeps); the chooser picks which noun."""
    giver = ctx.actor
    into = {given: received for given, received, _low in nouns}
    for _ in range(spend(ctx.state, max(0, count))):
        available = [given for given, _received, low in nouns if giver.values.get(given, 0) > low]
        if not available:
            return
        noun = available[0] if len(available) == 1 else ctx.ask(chooser, "which unit to take", available)
        ctx.spend(giver, noun, 1)
        ctx.change(receiver, into[noun], 1)
