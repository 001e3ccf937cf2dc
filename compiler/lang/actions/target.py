"""The action `target`: the acting player picks one player of a set and carries out the actions
themselves, naming the picked player `target` (a trade with an opponent of one's choice, an attack
whose spoils the attacker chooses): unlike `pick_player`, the chooser stays the actor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import PlayerSet, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action


class TargetArgs(Strict):
    players: PlayerSet = Field(description="The players to pick from (e.g. opponents)")
    do: list[Action] = Field(
        description="What the acting player then does; inside, 'target' is the picked player (of: target, "
        "with: {player: target}, {value: {noun: coins, of: target}})"
    )


@primitive
class Target(Primitive):
    family, name = "action", "target"
    args = TargetArgs
    summary = (
        "The acting player picks one player of a set, the target, and carries out the actions themselves, "
        "naming the picked player `target` inside them (pick_player hands the actions to the picked player)."
    )
    example = {
        "target": {
            "players": "opponents",
            "do": [{"with": {"player": "target", "do": [{"lose": {"coins": 2}}]}}, {"gain": {"coins": 2}}],
        }
    }

    @staticmethod
    def english(arg, en):
        return f"pick one of {en.players(arg.players)} (the targeted player); then " + en.actions(arg.do)

    @staticmethod
    def run(arg, ctx):
        ctx.spaces.target(ctx, ctx.players(arg.players, ordered=True), lambda aimed: aimed.run(arg.do))
