"""The action `advance`: move progress markers up their tracks, stopping at barriers the player has not
lifted and at the end."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ._shared import MoveMarker, marker_english, move_markers


@primitive
class Advance(Primitive):
    family, name = "action", "advance"
    args = MoveMarker
    summary = "Move progress markers up their tracks, stopping at barriers the player has not lifted and at the end."
    example = {"advance": {"track": "any", "among": ["agriculture", "hunting", "fishing"], "by": 1}}

    @staticmethod
    def english(arg, en):
        return marker_english("advance", arg, en)

    @staticmethod
    def run(arg, ctx):
        move_markers(arg, ctx, +1)

    @staticmethod
    def never_refused(arg, sure):
        return True  # a marker that cannot move stays where it is
