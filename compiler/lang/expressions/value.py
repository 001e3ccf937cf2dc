"""The expression `value`: the current value of a counter, resource, track or game-wide counter."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Noun, PlayerSet, Strict


class ValueOf(Strict):
    noun: Noun = Field(description="A counter, resource or track")
    of: PlayerSet = Field("self", description="Whose value; a set of players adds their values up")


@primitive
class Value(Primitive):
    family, name = "expression", "value"
    args = Noun | ValueOf
    summary = "The current value of a counter, resource, track or game-wide counter."
    example = {"value": {"noun": "shields", "of": "left"}}

    @staticmethod
    def english(arg, en):
        if isinstance(arg, str):
            return en.noun_value(arg, "self")
        return en.noun_value(arg.noun, arg.of)

    @staticmethod
    def run(arg, ctx):
        if isinstance(arg, str):
            return ctx.value(arg, "self")
        return ctx.value(arg.noun, arg.of)
