"""The action `gain_most`: the acting player gains one of several counters, the one they have most
(or fewest) of; on a tie, they pick which."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Noun, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class GainMostArgs(Strict):
    among: list[Noun] = Field(min_length=2, description="The counters compared")
    amount: Amount = Field(1, description="How many units are gained")
    fewest: bool = Field(False, description="The counter the player has fewest of instead")


@primitive
class GainMost(Primitive):
    family, name = "action", "gain_most"
    args = GainMostArgs
    summary = "The acting player gains more of the counter they have most (or fewest) of among several; on a tie, they choose which."
    example = {"gain_most": {"among": ["compass", "gear", "tablet"], "amount": 1}}

    @staticmethod
    def english(arg, en):
        n = en.amount(arg.amount)
        which = "fewest" if arg.fewest else "most"
        return f"gain {n} more of the {en.words(arg.among, 'or')} you have {which} of (on a tie, you choose which)"

    @staticmethod
    def run(arg, ctx):
        ctx.reading.gain_most(ctx, list(arg.among), ctx.amount(arg.amount), arg.fewest)
