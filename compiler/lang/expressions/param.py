"""The expression `param`: a rule number the game declares (params in game.yaml), after the player's
modifiers."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import ParamName


@primitive
class Param(Primitive):
    family, name = "expression", "param"
    args = ParamName
    summary = "A rule number the game declares (params in game.yaml), after the player's modifiers."
    example = {"param": "discard_coins"}

    @staticmethod
    def english(arg, en):
        return en.param(arg)

    @staticmethod
    def run(arg, ctx):
        return ctx.param(arg)
