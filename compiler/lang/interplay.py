"""Players acting on each other: announcing an event, picking a player, handing units over.

- `announce`: an effect fires one of the game's triggers (declaring a war, starting a plague, running
  the steps of a phase in order), so the rules and the cards in play react to it.
- `pick_player`: the acting player picks one player of a set, who then carries out the actions.
- `hand_over`: the acting player gives units of some counters to another player, who may receive
  them as other counters (spoils kept apart, for example), the receiver choosing which.
"""

from __future__ import annotations

from typing import Union

from pydantic import Field

from .registry import Primitive, primitive
from .types import Name, Noun, PlayerName, PlayerSet, Scalar, Strict, TriggerName


class AnnounceArgs(Strict):
    trigger: TriggerName = Field(description="The trigger fired (declared in game.yaml)")
    details: dict[Name, Union[Scalar, list[Scalar]]] = Field(default_factory=dict, description="Details of the event, tested with `event`")


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
        details = "".join(f", {en.word(k)} {en.words(v if isinstance(v, list) else [v], 'or')}" for k, v in arg.details.items())
        return f"start the {en.word(arg.trigger)}{details}"

    @staticmethod
    def run(arg, ctx):
        from ..runtime.interpreter import dispatch  # late: lang is imported before runtime

        dispatch(ctx, arg.trigger, dict(arg.details))


class PickPlayerArgs(Strict):
    players: PlayerSet = Field(description="The players to pick from")
    do: list["Action"] = Field(description="What the picked player does; inside, 'self' is that player and 'owner' the card's owner")


@primitive
class PickPlayer(Primitive):
    family, name = "action", "pick_player"
    args = PickPlayerArgs
    summary = "The acting player picks one player of a set (e.g. an opponent to attack); that player carries out the actions."
    example = {"pick_player": {"players": "opponents", "do": [{"lose": {"points": 1}}]}}

    @staticmethod
    def english(arg, en):
        return f"pick one of {en.players(arg.players)}; that player: " + en.actions(arg.do, person="they")

    @staticmethod
    def run(arg, ctx):
        from ..runtime import spaces

        spaces.pick_player(ctx, ctx.players(arg.players, ordered=True), lambda picked: picked.run(arg.do))


class HandOverArgs(Strict):
    to: PlayerName = Field("owner", description="Who receives: 'owner' (inside for_each or pick_player) or a relation")
    count: "Amount" = Field(description="How many units change hands, at most what the giver has")
    nouns: dict[Noun, Noun] = Field(description="The giver's counters, each mapped to the counter the receiver puts it in")
    chosen_by: PlayerName = Field("owner", description="Who picks each unit: 'self' (the giver) or 'owner'")


@primitive
class HandOver(Primitive):
    family, name = "action", "hand_over"
    args = HandOverArgs
    summary = (
        "The acting player gives up to `count` units of some counters to another player, one at a time, the chooser "
        "picking which; each arrives as the counter it maps to (e.g. grain into a tribute area). A giver with fewer units gives what they have."
    )
    example = {"hand_over": {"to": "owner", "count": 2, "nouns": {"grain": "tribute_grain", "fish": "tribute_fish"}}}

    @staticmethod
    def english(arg, en):
        into = "; ".join(f"{en.word(a)} as {en.word(b)}" for a, b in arg.nouns.items() if a != b)
        chooser = "they choose which" if arg.chosen_by == "self" else f"{en.players(arg.chosen_by)} chooses which"
        out = f"give up to {en.amount(arg.count)} of your {en.words(list(arg.nouns), 'and')} to {en.players(arg.to)} ({chooser}"
        return out + (f"; received {into})" if into else ")")

    @staticmethod
    def run(arg, ctx):
        from ..runtime import spaces

        nouns = tuple((given, received, ctx._bounds(given)[0] or 0) for given, received in arg.nouns.items())
        spaces.hand_over(ctx, ctx.players(arg.to)[0], ctx.players(arg.chosen_by)[0], ctx.amount(arg.count), nouns)
