"""The expression `best`: the largest value an amount reaches when wild units are spread over counters
in the best way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Noun, Strict

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class BestArgs(Strict):
    spread: Noun = Field(description="The wild counter whose units may count as any of `over`")
    over: list[Noun] = Field(description="The counters the wild units may join")
    value: Amount = Field(description="The amount to make as large as possible")


@primitive
class Best(Primitive):
    family, name = "expression", "best"
    args = BestArgs
    summary = "The largest value an amount reaches when wild units are spread over counters in the best way."
    example = {"best": {"spread": "any_symbol", "over": ["compass", "gear", "tablet"], "value": {"value": "compass"}}}

    @staticmethod
    def english(arg, en):
        return f"{en.amount(arg.value)}, counting each {en.word(arg.spread)} as whichever of {en.words(arg.over, 'or')} scores best"

    @staticmethod
    def run(arg, ctx):
        return ctx.best_spread(arg.spread, arg.over, lambda: ctx.amount(arg.value))
