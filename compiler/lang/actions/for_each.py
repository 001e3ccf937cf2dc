"""The action `for_each`: each player of a set, in turn order from the acting player's left, carries
out the actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from ..registry import Primitive, primitive
from ..types import PlayerSet, Selector, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action


class ForEachArgs(Strict):
    players: PlayerSet | None = Field(
        None, description="Who acts, in turn order from the acting player's left (unless `order` says otherwise)"
    )
    cards: Selector | None = Field(
        None, description="Or: each card found, in order, with that card in view ({field: ...} reads it)"
    )
    do: list[Action] = Field(
        description="What each of them does; inside, 'self' is that player and 'owner' the card's owner"
    )
    order: Literal["clockwise", "counter_clockwise", "active_first", "turn_order"] = Field(
        "clockwise",
        description="With players: clockwise from the acting player's left (they come last, if in the set), "
        "counter_clockwise from their right, active_first (the acting player, then clockwise) or turn_order "
        "(seat order from p1)",
    )

    @model_validator(mode="after")
    def _one_set(self):
        if (self.players is None) == (self.cards is None):
            raise ValueError("for_each takes 'players' or 'cards', exactly one of them")
        if self.cards is not None and "order" in self.model_fields_set:
            raise ValueError("for_each's order is the players' (cards come in the order found)")
        return self


_ORDER_WORDS = {
    "counter_clockwise": "counter-clockwise from your right",
    "active_first": "starting with you and going clockwise",
    "turn_order": "in turn order",
}


@primitive
class ForEach(Primitive):
    family, name = "action", "for_each"
    args = ForEachArgs
    summary = (
        "Each player of a set, in turn order from the acting player's left (or in the `order` given: "
        "counter-clockwise, the acting player first, in turn order), carries out the actions; or the acting player "
        "carries them out once for each card a selector finds, with that card in view."
    )
    example = {"for_each": {"players": "opponents", "do": [{"lose": {"points": 1}}]}}

    @staticmethod
    def english(arg, en):
        if arg.cards is not None:
            return f"for each of {en.selector(arg.cards, owned=False)}: " + en.actions(arg.do)
        order = _ORDER_WORDS.get(arg.order, "")
        return (order + ", " if order else "") + en.subject(en.each(arg.players), arg.do)

    @staticmethod
    def run(arg, ctx):
        if arg.cards is not None:
            for inner in ctx.in_view(ctx.select(arg.cards)):
                inner.run(arg.do)
            return
        for player in ctx.players(arg.players, ordered=arg.order):
            ctx.as_actor(player).run(arg.do)

    @staticmethod
    def never_refused(arg, sure):
        return sure.actions(arg.do)
