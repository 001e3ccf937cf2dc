"""The action `move`: move cards or pieces from one zone to another."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import CardRef, PlayerName, Strict, ZoneName

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class MoveArgs(Strict):
    card: CardRef = Field(description="The cards moved (a selector: its zone is where they come from)")
    to: ZoneName = Field(description="The zone they go to")
    of: PlayerName = Field("self", description="Whose zone receives them (for a player zone)")
    count: Amount | Literal["all"] = Field("all", description="How many (the player picks which)")
    at: Literal["bottom", "top"] = Field(
        "bottom",
        description="Where in the zone they go: at its bottom (its end, the default) or on its top (its first "
        "card: what draw and reveal take next)",
    )


@primitive
class Move(Primitive):
    family, name = "action", "move"
    args = MoveArgs
    summary = "Move cards or pieces from one zone to another."
    example = {"move": {"card": {"kind": "priest", "zone": "beta_spaces"}, "to": "priest_supply"}}

    @staticmethod
    def english(arg, en):
        how_many = "all" if arg.count == "all" else en.amount(arg.count)
        who = en.players(arg.of)
        whose = "your" if arg.of == "self" else who + ("'" if who.endswith("s") else "'s")
        where = "on top of" if arg.at == "top" else "to"
        return f"move {how_many} {en.card_ref(arg.card)} {where} {en.zone(arg.to, whose)}"

    @staticmethod
    def run(arg, ctx):
        count = None if arg.count == "all" else (lambda: ctx.amount(arg.count))
        ctx.move_cards(
            ctx.select(arg.card),
            arg.to,
            ctx.decide.zones.shared(ctx.game.game, arg.to),
            lambda: ctx.players(arg.of),
            count,
            ctx.decide.selectors.source(ctx.game, arg.card),
            arg.at == "top",
        )

    @staticmethod
    def never_refused(arg, sure):
        return True  # as many as there are, up to the count
