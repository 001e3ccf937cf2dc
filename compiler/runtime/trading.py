"""The events of a trade: once a cost is paid with resources bought from other players, the
game's `trade.sold` trigger fires for each seller and `trade.bought` for the buyer, once for each
seller, with what changed hands (game.yaml's trade; nothing fires when it names neither).

Each event carries `units` (the resources bought from that seller) and `coins` (paid to them), and
names the other side as the event's target (`target`: the buyer for the seller, the seller for the
buyer), so that a card can act on them or read their values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decide.players import TARGET_DETAIL

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context
    from .state import Player
    from .supplies import Plan


def tell(ctx: Context, buyer: Player, plan: Plan) -> None:
    """Fire the trade's events for a plan just paid by the buyer."""
    trade = ctx.game.game.trade
    if trade is None or (trade.sold is None and trade.bought is None) or not plan.purchases:
        return
    units = dict(plan.bought)
    for seller_id, coins in plan.purchases:
        if seller_id == buyer.id:
            continue  # (a purchase from oneself is no trade)
        details = {"units": units.get(seller_id, 0), "coins": coins}
        if trade.sold is not None:
            seller = ctx.state.player(seller_id)
            ctx.derive(actor=seller, owner=seller).dispatch(trade.sold, {**details, TARGET_DETAIL: buyer.id})
        if trade.bought is not None:
            ctx.derive(actor=buyer, owner=buyer).dispatch(trade.bought, {**details, TARGET_DETAIL: seller_id})
