"""The passive `buy_from`: its owner may also buy resources from these players, beyond those the
game's trade names (game.yaml `trade.from`), at the trade's prices."""

from __future__ import annotations

from pydantic import Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import PlayerSet, Strict


class BuyFromArgs(Strict):
    players: PlayerSet = Field(
        description="Whom the owner may also buy from, read from the owner (e.g. others: any other player)"
    )


@primitive
class BuyFrom(Primitive):
    family, name = "passive", "buy_from"
    hook = hooks.SELLERS
    args = BuyFromArgs
    summary = (
        "You may also buy resources from these players (beyond those game.yaml's trade names), at the trade's "
        "price; a `trade_price` of the same card may set what you pay them."
    )
    example = {"buy_from": {"players": "others"}}

    @staticmethod
    def english(arg, en):
        usual = en.trade_buyers()
        besides = f", not only from {usual}" if usual else ""
        game = en.game
        price = game.params.get(game.trade.price) if game is not None and game.trade is not None else None
        each = f", for {en.quantity(price, en.trade_currency())} each" if isinstance(price, int) else ""
        return f"you may buy resources from {en.players(arg.players)}{besides}{each}"
