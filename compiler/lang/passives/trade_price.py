"""The passive `trade_price`: a lower price for buying some resources from some players."""

from __future__ import annotations

from pydantic import Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import PlayerSet, ResourceName, Strict


class TradePriceArgs(Strict):
    resources: list[ResourceName] = Field(description="The resources the price applies to")
    from_: PlayerSet = Field(alias="from", description="The players bought from")
    price: int = Field(ge=0, description="Coins paid per unit")


@primitive
class TradePrice(Primitive):
    family, name = "passive", "trade_price"
    hook = hooks.TRADE_PRICE
    args = TradePriceArgs
    summary = "A lower price for buying some resources from some players."
    example = {"trade_price": {"resources": ["wood", "stone", "clay", "ore"], "from": "left", "price": 1}}

    @staticmethod
    def english(arg, en):
        return f"you buy {en.words(arg.resources, 'and')} from {en.players(arg.from_)} for {en.quantity(arg.price, en.trade_currency())} each" + en.trade_base()
