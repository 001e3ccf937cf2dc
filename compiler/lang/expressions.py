"""Amounts computed from the state. An amount is a whole number or one of these."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import Field

from .registry import Primitive, primitive
from .types import FieldName, Noun, ParamName, PlayerSet, Selector, Strict


class ValueOf(Strict):
    noun: Noun = Field(description="A counter, resource or track")
    of: PlayerSet = Field("self", description="Whose value; a set of players adds their values up")


@primitive
class Value(Primitive):
    family, name = "expression", "value"
    args = Union[Noun, ValueOf]
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


@primitive
class Count(Primitive):
    family, name = "expression", "count"
    args = Selector
    summary = "How many cards match a selector (in a player's zone, their neighbours', ...)."
    example = {"count": {"where": {"colour": "grey"}, "of": ["self", "neighbours"]}}

    @staticmethod
    def english(arg, en):
        return f"the number of {en.selector(arg)}"

    @staticmethod
    def run(arg, ctx):
        return len(ctx.select(arg))


def _list_form(name: str, summary: str, example, fold, words: str, least: int = 1, most: int | None = None):
    class _Form(Primitive):
        family = "expression"
        args = Annotated[list["Amount"], Field(min_length=least, max_length=most)]

        @staticmethod
        def english(arg, en):
            return words.format(*[en.amount(a) for a in arg]) if "{0}" in words else f"{words} " + en.join([en.amount(a) for a in arg], "and")

        @staticmethod
        def run(arg, ctx):
            return fold([ctx.amount(a) for a in arg])

    _Form.name, _Form.summary, _Form.example = name, summary, example
    _Form.__name__ = name.title()
    return primitive(_Form)


def _div(values):
    a, b = values
    return a // b if b else 0


_list_form("add", "The sum of several amounts.", {"add": [{"value": "coins"}, 2]}, sum, "the sum of")
_list_form("sub", "The first amount minus the second.", {"sub": [{"value": "shields"}, 1]}, lambda v: v[0] - sum(v[1:]), "{0} minus {1}", 2)
_list_form("mul", "The product of several amounts.", {"mul": [{"count": {"kind": "wonder_stage"}}, 2]}, lambda v: __import__("math").prod(v), "{0} times {1}", 2)
_list_form("div", "The first amount divided by the second, rounded down.", {"div": [{"value": "coins"}, 3]}, _div, "{0} divided by {1}, rounded down", 2, 2)
_list_form("min", "The smallest of several amounts.", {"min": [{"value": "compass"}, {"value": "gear"}]}, min, "the smallest of")
_list_form("max", "The largest of several amounts.", {"max": [0, {"value": "points"}]}, max, "the largest of")
_list_form("square", "An amount multiplied by itself.", {"square": [{"value": "tablet"}]}, lambda v: v[0] * v[0], "{0} squared", 1, 1)


class TableArgs(Strict):
    key: "Amount" = Field(description="The amount looked up")
    values: dict[int, int] = Field(description="The result for each key")
    default: int = Field(0, description="The result for a key not in the table")


@primitive
class Table(Primitive):
    family, name = "expression", "table"
    args = TableArgs
    summary = "Look an amount up in a table (e.g. a reward that grows with the age)."
    example = {"table": {"key": {"value": "age"}, "values": {1: 1, 2: 3, 3: 5}}}

    @staticmethod
    def english(arg, en):
        key = en.amount(arg.key)
        results = en.join([str(v) for v in arg.values.values()], "or")
        keys = en.join([str(k) for k in arg.values], "or")
        out = f"{results} when {key} is {keys} respectively" if len(arg.values) > 1 else f"{results} when {key} is {keys}"
        return f"{out}, otherwise {arg.default}" if arg.default else out

    @staticmethod
    def run(arg, ctx):
        return arg.values.get(ctx.amount(arg.key), arg.default)


@primitive
class FieldValue(Primitive):
    family, name = "expression", "field"
    args = FieldName
    summary = "A numeric field of the card the effect belongs to (or the card being considered)."
    example = {"field": "points"}

    @staticmethod
    def english(arg, en):
        return f"the card's {en.word(arg)}"

    @staticmethod
    def run(arg, ctx):
        value = ctx.card_field(arg)
        return value if isinstance(value, int) else 0


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


class BestArgs(Strict):
    spread: Noun = Field(description="The wild counter whose units may count as any of `over`")
    over: list[Noun] = Field(description="The counters the wild units may join")
    value: "Amount" = Field(description="The amount to make as large as possible")


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
