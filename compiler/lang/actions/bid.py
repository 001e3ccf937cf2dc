"""The action `bid`: the acting player bids on a free card or on one another player bids on: at least
its minimum and more than the bid already on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Name, Noun, Selector, Strict, ZoneName

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class BidArgs(Strict):
    on: Selector = Field(description="The cards that may be bid on (in a shared zone)")
    minimum: Amount = Field(description="The lowest bid, read with the card in view (e.g. {field: price})")
    currency: Noun = Field(description="What is bid; it is set aside from the bidder's stock")
    holds: Noun = Field(description="The counter holding a player's current bid")
    marks: ZoneName = Field(description="A player zone holding the card the player bids on")
    outbid: Name | None = Field(None, description="The trigger fired for a player whose bid is beaten")
    maximum: Amount | None = Field(
        None,
        description="The highest bid, read with the card in view (default: all the bidder has); "
        "equal to the minimum, no amount is asked",
    )
    overbid: bool = Field(
        True,
        description="Whether a card another player bids on may be bid on (false: only free cards, and nobody outbids this bid)",
    )


@primitive
class Bid(Primitive):
    family, name = "action", "bid"
    args = BidArgs
    summary = (
        "The acting player bids on a free card or on one another player bids on: at least its minimum and more than the bid "
        "already on it. The coins are set aside, the card moves to the bidder's `marks` zone, a beaten bidder gets `outbid`. "
        "A player whose bid is set aside but on no card moves it, unchanged, to a free card."
    )
    example = {
        "bid": {
            "on": {"zone": "offer"},
            "minimum": {"field": "price"},
            "currency": "coins",
            "holds": "bid",
            "marks": "bidding_on",
            "outbid": "outbid",
        }
    }

    @staticmethod
    def english(arg, en):
        if arg.maximum is not None and en.amount(arg.maximum) == en.amount(arg.minimum):
            amount = f"exactly {en.amount(arg.minimum)}"
        else:
            amount = f"at least {en.amount(arg.minimum)}" + (
                f" and at most {en.amount(arg.maximum)}" if arg.maximum is not None else ""
            )
        if arg.overbid:
            return f"bid {en.word(arg.currency)} on one of {en.selector(arg.on)}: {amount}, and more than any bid already on it"
        return f"bid {en.word(arg.currency)} on one of {en.selector(arg.on)} nobody bids on: {amount}; nobody can bid on it after you"

    @staticmethod
    def run(arg, ctx):
        ctx.board.bid(
            ctx,
            lambda: ctx.select(arg.on),
            lambda c: c.amount(arg.minimum),
            None if arg.maximum is None else (lambda c: c.amount(arg.maximum)),
            arg.currency,
            arg.holds,
            arg.marks,
            arg.outbid,
            arg.overbid,
        )
