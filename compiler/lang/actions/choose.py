"""The action `choose`: a player picks one (or `count` different) of several options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Name, PlayerName, Strict
from ._shared import runs

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action


class ChooseArgs(Strict):
    options: dict[Name, list[Action]] = Field(description="Each option's label and what it does")
    count: int = Field(1, ge=1, description="How many different options are taken")
    by: PlayerName = Field("self", description="Who chooses: 'self' or 'owner'")


@primitive
class Choose(Primitive):
    family, name = "action", "choose"
    args = ChooseArgs
    summary = "A player picks one (or `count` different) of several options; options that cannot be carried out are not offered."
    example = {
        "choose": {
            "options": {"retreat": [{"retreat": {"track": "any", "count": 2}}], "lose": [{"lose": {"points": 3}}]}
        }
    }

    @staticmethod
    def english(arg, en):
        parts = [en.actions(do) or "nothing" for do in arg.options.values()]
        verb = "choose" if arg.by == "self" else f"{en.players(arg.by)} chooses"
        head = f"{verb} one" if arg.count == 1 else f"{verb} {arg.count} different"
        if len(parts) == 1:
            return parts[0] if arg.by == "self" else f"{head}: {parts[0]}"
        return f"{head}: " + " or ".join(f"({p})" for p in parts)

    @staticmethod
    def run(arg, ctx):
        options = [(label, runs(actions)) for label, actions in arg.options.items()]
        ctx.choose(ctx.players(arg.by)[0], options, arg.count)

    @staticmethod
    def never_refused(arg, sure):
        return True  # offers the options that can be carried out with the first answers; none is required
