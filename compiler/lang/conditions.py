"""Tests on the state: comparisons, ownership, the event's details, and their combinations."""

from __future__ import annotations

import operator
from typing import Annotated, Union

from pydantic import Field

from .registry import Primitive, primitive
from .types import CardRef, Name, Scalar


def _comparison(name: str, op, words: str):
    class _Compare(Primitive):
        family = "condition"
        args = Annotated[list["Amount"], Field(min_length=2, max_length=2)]

        @staticmethod
        def english(arg, en):
            left = en.amount(arg[0])
            plural = left.startswith(("your ", "their ")) and left.endswith("s") and not left.endswith("ss")
            verb = words.replace("is ", "are ", 1) if plural and words.startswith("is ") else words
            return f"{left} {verb} {en.amount(arg[1])}"

        @staticmethod
        def run(arg, ctx):
            return op(ctx.amount(arg[0]), ctx.amount(arg[1]))

    _Compare.name = name
    _Compare.summary = f"True when the first amount {words} the second."
    _Compare.example = {name: [{"value": "culture"}, 6]}
    _Compare.__name__ = name.title()
    return primitive(_Compare)


_comparison("gt", operator.gt, "is more than")
_comparison("gte", operator.ge, "is at least")
_comparison("lt", operator.lt, "is less than")
_comparison("lte", operator.le, "is at most")
_comparison("eq", operator.eq, "equals")
_comparison("ne", operator.ne, "differs from")


@primitive
class Owns(Primitive):
    family, name = "condition", "owns"
    args = CardRef
    summary = "True when the acting player has a matching card in play."
    example = {"owns": "barracks"}

    @staticmethod
    def english(arg, en):
        return f"you have {en.card_ref(arg)}"

    @staticmethod
    def run(arg, ctx):
        return bool(ctx.select(arg))


@primitive
class All(Primitive):
    family, name = "condition", "all"
    args = list["Condition"]
    summary = "True when every test holds."
    example = {"all": [{"owns": "school"}, {"gte": [{"value": "culture"}, 4]}]}

    @staticmethod
    def english(arg, en):
        return " and ".join(en.condition(c) for c in arg)

    @staticmethod
    def run(arg, ctx):
        return all(ctx.test(c) for c in arg)


@primitive
class Any_(Primitive):
    family, name = "condition", "any"
    args = list["Condition"]
    summary = "True when at least one test holds."
    example = {"any": [{"owns": "temple_of_zeus"}, {"owns": "temple_of_hera"}]}

    @staticmethod
    def english(arg, en):
        return " or ".join(en.condition(c) for c in arg)

    @staticmethod
    def run(arg, ctx):
        return any(ctx.test(c) for c in arg)


@primitive
class Not(Primitive):
    family, name = "condition", "not"
    args = "Condition"
    summary = "True when the test does not hold."
    example = {"not": {"owns": "temple_of_apollo"}}

    @staticmethod
    def english(arg, en):
        if arg.key == "owns":
            return f"you do not have {en.card_ref(arg.arg)}"
        return f"it is not true that {en.condition(arg)}"

    @staticmethod
    def run(arg, ctx):
        return not ctx.test(arg)


@primitive
class Event(Primitive):
    family, name = "condition", "event"
    args = dict[Name, Union[Scalar, list[Scalar]]]
    summary = "True when the event being handled has these details (e.g. which deity was worshipped)."
    example = {"event": {"deity": "aphrodite"}}

    @staticmethod
    def english(arg, en):
        def detail(k, v):
            if isinstance(v, bool):
                return f"this {'is' if v else 'is not'} {en.word(k)}"
            return f"the {en.word(k)} is {en.words(v if isinstance(v, list) else [v], 'or')}"

        return " and ".join(detail(k, v) for k, v in arg.items())

    @staticmethod
    def run(arg, ctx):
        return all(
            ctx.event.get(key) in (wanted if isinstance(wanted, list) else [wanted])
            for key, wanted in arg.items()
        )
