"""The action `choose_cards`: the acting player picks a set of cards, as one decision ("discard any
number of cards, then draw that many")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Selector, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action, Amount


class ChooseCardsArgs(Strict):
    card: Selector = Field(description="The cards to choose among (e.g. {zone: hand})")
    min: Amount = Field(0, description="At least this many are chosen")
    max: Amount | None = Field(None, description="At most this many (default: all of them)")
    do: list[Action] = Field(
        default_factory=list, description="Carried out once for each card chosen, with that card in view"
    )
    then: list[Action] = Field(
        default_factory=list, description="Carried out once after, where {chosen: {}} is how many were chosen"
    )


@primitive
class ChooseCards(Primitive):
    family, name = "action", "choose_cards"
    args = ChooseCardsArgs
    summary = (
        "The acting player picks a set of the cards a selector finds, between min and max of them, as one "
        "decision; `do` runs for each card chosen (it in view), then `then`, where {chosen: {}} is how many."
    )
    example = {
        "choose_cards": {
            "card": {"zone": "hand"},
            "do": [{"move": {"card": {"zone": "hand", "where": {"id": {"field": "id"}}}, "to": "discard", "count": 1}}],
            "then": [{"draw": {"from": "deck", "to": "hand", "count": {"chosen": {}}}}],
        }
    }

    @staticmethod
    def english(arg, en):
        low = en.amount(arg.min)
        if arg.max is None:
            how_many = "any number of" if low == "0" else f"at least {low} of"
        else:
            high = en.amount(arg.max)
            how_many = f"up to {high} of" if low == "0" else f"between {low} and {high} of"
        out = f"choose {how_many} {en.selector(arg.card)}"
        if arg.do:
            out += "; for each of them: " + en.actions(arg.do)
        if arg.then:
            out += "; then " + en.actions(arg.then)
        return out

    @staticmethod
    def run(arg, ctx):
        high = None if arg.max is None else ctx.amount(arg.max)
        each = (lambda c: c.run(arg.do)) if arg.do else (lambda c: None)
        after = (lambda c: c.run(arg.then)) if arg.then else None
        ctx.choose_cards(ctx.select(arg.card), ctx.amount(arg.min), high, each, after)

    @staticmethod
    def never_refused(arg, sure):
        return False  # too few cards for min refuse it
