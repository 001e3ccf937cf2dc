"""The passive `discount`: cards cost less (or nothing) to build."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import ResourceName, Selector, Strict
from ._shared import Limit

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class DiscountArgs(Strict):
    amount: Amount = Field(
        1,
        description="Units of resource taken off the cost: a number, or an amount read for the card's owner "
        "when a cost is worked out (e.g. {pieces: {of: self, on: water}})",
    )
    of: list[ResourceName] | Literal["any"] = Field("any", description="Which resources may be taken off")
    everything: bool = Field(False, description="The whole cost, coins included, is waived")
    applies_to: Selector | None = Field(None, description="Only for these cards (default: every card built)")
    optional: bool = Field(False, description="The player may decline it")
    limit: Limit | None = Field(None, description="How often it can be used")


@primitive
class Discount(Primitive):
    family, name = "passive", "discount"
    hook = hooks.COST
    args = DiscountArgs
    summary = "Cards cost less (or nothing) to build; mandatory unless optional, within its limit."
    example = {"discount": {"amount": 1, "of": "any"}}

    @staticmethod
    def english(arg, en):
        # applies_to filters the card being built, which nobody holds yet
        what = en.selector(arg.applies_to, plural=False, owned=False) if arg.applies_to else "card"
        what = ("an " if what[:1].lower() in "aeiou" else "a ") + what
        if arg.everything:
            core = f"you may build {what} for free" if arg.optional else f"you build {what} for free"
        else:
            of = "resource of your choice" if arg.of == "any" else en.words(arg.of, "or")
            per = en._per_card(arg.amount) if not isinstance(arg.amount, int) else None
            if per is not None:  # 'costs you 1 stone or wood less for each building tile you have'
                core = f"{what} costs you {per[0]} {of} less for each {en.selector(per[1], plural=False)}"
            else:
                core = f"{what} costs you {en.amount(arg.amount)} {of} less"
            if arg.optional:
                core = "if you wish, " + core
        return core + (f", {en.word(arg.limit)}" if arg.limit else "")
