"""The action `if`: carry out `then` when the test holds, `else` otherwise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action, Condition


class IfArgs(Strict):
    test: Condition
    then: list[Action] = Field(default_factory=list)
    else_: list[Action] = Field(default_factory=list, alias="else")


@primitive
class If(Primitive):
    family, name = "action", "if"
    args = IfArgs
    summary = "Carry out `then` when the test holds, `else` otherwise."
    example = {"if": {"test": {"gte": [{"value": "culture"}, 6]}, "then": [{"gain": {"points": 2}}]}}

    @staticmethod
    def english(arg, en):
        out = f"if {en.condition(arg.test)}, " + (en.actions(arg.then) if arg.then else "nothing happens")
        return out + (f"; otherwise {en.actions(arg.else_)}" if arg.else_ else "")

    @staticmethod
    def run(arg, ctx):
        ctx.run(arg.then if ctx.test(arg.test) else arg.else_)

    @staticmethod
    def never_refused(arg, sure):
        return sure.actions(arg.then) and sure.actions(arg.else_)
