"""The action `pay`: the acting player pays counters or resources."""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Noun, ResourceName, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class AnyOf(Strict):
    """`any` resources of the player's choice, of some resources only."""

    amount: Amount = Field(description="How many resources are paid, each picked in turn")
    of: list[ResourceName] = Field(min_length=1, description="The resources the player may pick from")


PayArgs = dict[Noun, Union["Amount", AnyOf]]  # noqa: UP007  ("Amount" is quoted: the model binds it)


@primitive
class Pay(Primitive):
    family, name = "action", "pay"
    args = PayArgs
    summary = (
        "The acting player pays counters or resources (`any`: that many resources of their choice, picked one at "
        "a time, or `{any: {amount: N, of: [...]}}` of some resources only); when they cannot, the whole option "
        "is not allowed, and too few resources for `any` refuse it before any is picked."
    )
    example = {"pay": {"coins": 2}}

    @staticmethod
    def english(arg, en):
        parts = []
        for noun, amount in arg.items():
            if isinstance(amount, AnyOf):
                n = en.amount(amount.amount)
                parts.append(f"{n} of {en.words(amount.of, 'or')} (your choice of each)")
            else:
                parts.append(en.noun_amounts({noun: amount}))
        return "pay " + en.join(parts, "and")

    @staticmethod
    def run(arg, ctx):
        for noun, amount in arg.items():
            if isinstance(amount, AnyOf):
                ctx.spend_any(ctx.actor, ctx.amount(amount.amount), tuple(amount.of))
            else:
                ctx.spend(ctx.actor, noun, ctx.amount(amount))
