"""The action `roll`: dice rolled, each die a chance outcome; the total (and each die) set on nouns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Noun, Strict, TriggerName

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class RollArgs(Strict):
    dice: Amount = Field(1, description="How many dice are rolled")
    sides: Amount = Field(6, description="The sides of each die, numbered 1 to this (2: a coin flip)")
    total: Noun | None = Field(
        None, description="A noun set to the total rolled (a game-wide value, or the acting player's)"
    )
    each: list[Noun] = Field(
        default_factory=list, description="Nouns set to each die in turn (e.g. [die_1, die_2], to test for doubles)"
    )
    announce: TriggerName | None = Field(
        None,
        description="A trigger fired once the dice have fallen, for the acting player: its events carry the "
        "details `total` (the sum) and `dice` (each die, in order), read with {detail: total}",
    )


@primitive
class Roll(Primitive):
    family, name = "action", "roll"
    args = RollArgs
    summary = (
        "Roll dice: each die is a chance outcome, every side alike; the total, and each die, are set on the "
        "nouns named (a game-wide value, or the acting player's)."
    )
    example = {"roll": {"dice": 2, "sides": 6, "total": "roll"}}

    @staticmethod
    def english(arg, en):
        n, sides = en.amount(arg.dice), en.amount(arg.sides)
        dice = "a die" if n == "1" else f"{n} dice"
        kind = "" if sides == "6" else f" of {sides} sides"
        told = []
        if arg.total is not None:
            told.append(f"the total is the {en.word(arg.total)}")
        if arg.each:
            told.append("the dice are " + en.words([en.word(noun) for noun in arg.each]) + " in turn")
        rolled = f"roll {dice}{kind}" + (f" ({'; '.join(told)})" if told else "")
        return rolled + (f", then start the {en.word(arg.announce)}" if arg.announce else "")

    @staticmethod
    def run(arg, ctx):
        ctx.roll(ctx.amount(arg.dice), ctx.amount(arg.sides), arg.total, arg.each, arg.announce)

    @staticmethod
    def never_refused(arg, sure):
        return True
