"""The action `repeat`: carry out the actions a computed number of times."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.limits import spend
from ..registry import Primitive, primitive
from ..types import Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action, Amount


class RepeatArgs(Strict):
    times: Amount
    do: list[Action]


@primitive
class Repeat(Primitive):
    family, name = "action", "repeat"
    args = RepeatArgs
    summary = "Carry out the actions a computed number of times."
    example = {"repeat": {"times": {"value": "opponents_taking"}, "do": [{"gain": {"grain": 1}}]}}

    @staticmethod
    def english(arg, en):
        times = en.amount(arg.times)
        head = f"{times} times" if isinstance(arg.times, int) else f"as many times as {times}"
        return f"{head}: " + en.actions(arg.do)

    @staticmethod
    def run(arg, ctx):
        for _ in range(spend(ctx.state, max(0, ctx.amount(arg.times)))):
            ctx.run(arg.do)

    @staticmethod
    def never_refused(arg, sure):
        return sure.actions(arg.do)
