"""The action `extra_turn`: the acting player takes another turn once this one is over."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import Strict


class ExtraTurnArgs(Strict):
    """No arguments: `extra_turn: {}`."""


@primitive
class ExtraTurn(Primitive):
    family, name = "action", "extra_turn"
    args = ExtraTurnArgs
    summary = (
        "The acting player takes another turn once this one is over: their part of the flow's `each_player` "
        "step is played again (once, however often it is granted in one part)."
    )
    example = {"extra_turn": {}}

    @staticmethod
    def english(arg, en):
        return "take another turn after this one"

    @staticmethod
    def run(arg, ctx):
        ctx.extra_turn()

    @staticmethod
    def never_refused(arg, sure):
        return True
