"""The action `retreat`: move progress markers down their tracks, never below the first space."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ._shared import MoveMarker, marker_english, move_markers


@primitive
class Retreat(Primitive):
    family, name = "action", "retreat"
    args = MoveMarker
    summary = "Move progress markers down their tracks, never below the first space; markers that can move must be picked first."
    example = {"retreat": {"track": "any", "count": 2, "by": 1}}

    @staticmethod
    def english(arg, en):
        return marker_english("move back", arg, en)

    @staticmethod
    def run(arg, ctx):
        move_markers(arg, ctx, -1)

    @staticmethod
    def never_refused(arg, sure):
        return True  # a marker that cannot move stays where it is
