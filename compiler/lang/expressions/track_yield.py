"""The expression `track_yield`: what the acting player's marker on a production track yields (the
track's `yields`), optionally read some spaces further, capped at the last space."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import Strict, TrackName

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class TrackYieldArgs(Strict):
    track: TrackName = Field(description="A track declared with a `yields` table")
    shift: Amount = Field(0, description="Look the yield up this many spaces further along, never past the track's end")


@primitive
class TrackYield(Primitive):
    family, name = "expression", "track_yield"
    args = TrackYieldArgs
    summary = (
        "What the acting player's marker on a production track yields (the track's `yields`), "
        "optionally read some spaces further, capped at the last space."
    )
    example = {"track_yield": {"track": "agriculture", "shift": {"param": "production_shift"}}}

    @staticmethod
    def english(arg, en):
        shift = en.amount(arg.shift)
        out = f"what your {en.word(arg.track)} space yields"
        if shift != "0":
            out += f" (read {shift} space{'s' if shift != '1' else ''} further up, at most the last space)"
        return out

    @staticmethod
    def run(arg, ctx):
        track = ctx.game.game.tracks[arg.track]
        position = ctx.actor.values.get(arg.track, track.start) + max(0, ctx.amount(arg.shift))
        position = min(track.spaces, position)
        return track.yields.get(position, 0)
