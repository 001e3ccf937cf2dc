"""The action `may`: the acting player may carry the actions out, or decline."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import Primitive, primitive
from ._shared import runs

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Action


@primitive
class May(Primitive):
    family, name = "action", "may"
    args = list["Action"]
    summary = "The acting player may carry the actions out, or decline; offered only when they can be carried out."
    example = {"may": [{"pay": {"any": 1}}, {"gain": {"points": 1}}]}

    @staticmethod
    def english(arg, en):
        return "you may " + en.actions(arg)

    @staticmethod
    def run(arg, ctx):
        ctx.may(runs(arg))

    @staticmethod
    def never_refused(arg, sure):
        return True  # offered when its actions can be carried out with the first answers: yes then, else no
