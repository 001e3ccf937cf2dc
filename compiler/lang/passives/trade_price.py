"""The passive `trade_price`: a lower price for buying some resources from some players, or (`of`) the
price other players pay."""

from __future__ import annotations

from pydantic import Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import PlayerSet, ResourceName, Strict


class TradePriceArgs(Strict):
    resources: list[ResourceName] = Field(description="The resources the price applies to")
    from_: PlayerSet = Field(alias="from", description="The players bought from")
    price: int = Field(ge=0, description="Coins paid per unit")
    of: PlayerSet | None = Field(
        None,
        description="Whose purchases the price is for (default: the card's owner's): e.g. "
        "neighbours, who then pay it instead of the rule number (their own lower prices still apply); "
        "`from` is read from the buyer, 'owner' being this card's owner",
    )


@primitive
class TradePrice(Primitive):
    family, name = "passive", "trade_price"
    hook = hooks.TRADE_PRICE
    args = TradePriceArgs
    summary = (
        "A lower price for buying some resources from some players; with `of`, the price other players pay "
        "(e.g. your neighbours buying from you)."
    )
    example = {"trade_price": {"resources": ["wood", "stone", "clay", "ore"], "from": "left", "price": 1}}

    @staticmethod
    def english(arg, en):
        if arg.of is not None:
            seller = "you" if arg.from_ == "owner" else en.players(arg.from_)
            return (
                f"{en.players(arg.of)} pay {en.quantity(arg.price, en.trade_currency())} for each "
                f"{en.words(arg.resources, 'or')} they buy from {seller}" + en.trade_base()
            )
        return (
            f"you buy {en.words(arg.resources, 'and')} from {en.players(arg.from_)} for {en.quantity(arg.price, en.trade_currency())} each"
            + en.trade_base()
        )
