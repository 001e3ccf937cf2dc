"""The action `announce`: fire one of the game's triggers for the acting player (for every player in
turn order when the trigger is `each_player`): the game's rules and the cards in play that listen to
it run, as for any event."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Name, Scalar, Strict, TriggerName


class AnnounceArgs(Strict):
    trigger: TriggerName = Field(description="The trigger fired (declared in game.yaml)")
    details: dict[Name, Scalar | list[Scalar]] = Field(
        default_factory=dict, description="Details of the event, tested with `event`"
    )
    pass_on: bool = Field(
        False,
        description="The details of the event being handled go with it too (the card just built, the "
        "deity worshipped, the hex placed), to every listener",
    )


@primitive
class Announce(Primitive):
    family, name = "action", "announce"
    args = AnnounceArgs
    summary = (
        "Fire one of the game's triggers for the acting player (for every player in turn order when the trigger is "
        "`each_player`): the game's rules and the cards in play that listen to it run, as for any event."
    )
    example = {"announce": {"trigger": "war"}}

    @staticmethod
    def english(arg, en):
        details = "".join(
            f", {en.word(k)} {en.words(v if isinstance(v, list) else [v], 'or')}" for k, v in arg.details.items()
        )
        return f"start the {en.word(arg.trigger)}{details}" + (", telling what just happened" if arg.pass_on else "")

    @staticmethod
    def run(arg, ctx):
        ctx.dispatch(arg.trigger, ctx.reading.passed_on(ctx, dict(arg.details)) if arg.pass_on else dict(arg.details))

    @staticmethod
    def never_refused(arg, sure):
        return sure(arg.trigger)
