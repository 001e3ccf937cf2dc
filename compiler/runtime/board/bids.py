"""The `bid` action: a bid on a card, raising another player's, the outbid trigger."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.limits import spend
from ..cards import take
from ..state import Illegal, Player

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context

Pool = tuple[str, "Player | None", "Player | None"]  # a card, who holds it, the bidder to beat


def bid(
    ctx: Context,
    candidates: Callable[[], list[tuple[Player | None, str]]],
    minimum: Callable[[Context], int],
    maximum: Callable[[Context], int] | None,
    currency: str,
    holds: str,
    marks: str,
    outbid: str | None,
    overbid: bool,
) -> None:
    """The `bid` action. Free cards among the candidates, or (with `overbid`) cards another player
    bids on, may be bid on: from the minimum to the maximum (both read with the card in view; no
    maximum: all the bidder has). The card moves into the bidder's `marks` zone (it carries the
    bid); a beaten bidder gets the `outbid` trigger."""
    player = ctx.actor
    standing = player.values.get(holds, 0)
    if standing > 0 and player.zones.get(marks):
        raise Illegal(f"{player.id} already has a bid on a card")
    pool: list[Pool] = [(cid, holder, None) for holder, cid in candidates()]
    if not standing and overbid:
        pool += [(cid, p, p) for p in ctx.state.players if p is not player for cid in p.zones.get(marks, [])]
    offers = _offers(ctx, pool, standing or player.values.get(currency, 0), bool(standing), minimum, maximum, holds)
    if not offers:
        raise Illegal(f"{player.id} cannot bid on any card")
    labels = [o[0] for o in offers]
    label = labels[0] if len(labels) == 1 else ctx.ask(player, "which card to bid on", labels)
    card_id, holder, leader, lowest, highest = offers[labels.index(label)]
    if standing:
        amount = standing  # a bid already set aside moves unchanged: it is never raised
    else:
        amounts = [str(v) for v in range(lowest, lowest + spend(ctx.state, highest + 1 - lowest))]
        amount = int(amounts[0] if len(amounts) == 1 else ctx.ask(player, f"how much to bid on {card_id}", amounts))
        ctx.spend(player, currency, amount)
    take(ctx.state, holder, card_id)
    player.values[holds] = amount
    player.zones.setdefault(marks, []).append(card_id)
    if leader is not None and outbid:
        ctx.fire(outbid, leader, {"card": card_id, "by": player.id})


def _offers(
    ctx: Context,
    pool: list[Pool],
    funds: int,
    standing: bool,
    minimum: Callable[[Context], int],
    maximum: Callable[[Context], int] | None,
    holds: str,
) -> list[tuple[str, Player | None, Player | None, int, int]]:
    """(card, holder, the bidder to beat, lowest bid, highest bid) for each card that may be bid on."""
    offers = []
    for card_id, holder, leader in pool:
        about = ctx.about(ctx.game.cards[card_id])
        lowest = minimum(about)
        highest = funds if maximum is None else min(funds, maximum(about))
        if leader is not None:
            lowest = max(lowest, leader.values.get(holds, 0) + 1)
        if lowest <= highest or (standing and lowest <= funds):
            offers.append((card_id, holder, leader, lowest, highest))
    return offers
