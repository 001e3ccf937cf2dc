"""What several primitives of this family share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from ..types import Noun, Strict, TrackName, as_list

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


NounAmounts = dict[Noun, "Amount"]


class MoveMarker(Strict):
    track: TrackName | list[TrackName] | Literal["any"] = Field(
        description="A track, several tracks (each moves), or 'any' (the player picks)"
    )
    by: Amount = Field(1, description="Spaces each marker moves")
    count: Amount = Field(1, description="With 'any': how many different markers move")
    among: list[TrackName] | None = Field(None, description="With 'any': the tracks to pick from (default: all)")


def runs(actions: list) -> Callable:
    """Actions of the tree as the runtime takes them: something to run in a context."""
    return lambda ctx: ctx.run(actions)


def move_markers(arg: MoveMarker, ctx, direction: int) -> None:
    by = ctx.amount(arg.by)
    tracks = None if arg.track == "any" else as_list(arg.track)
    ctx.move_markers(tracks, by, lambda: ctx.amount(arg.count), arg.among, direction)


def marker_english(verb: str, arg, en) -> str:
    spaces = en.amount(arg.by)
    unit = "space" if spaces == "1" else "spaces"
    if arg.track == "any":
        n = en.amount(arg.count)
        if arg.among:
            pick = (
                f"your {en.words(arg.among, 'or')} marker"
                if n == "1"
                else f"{n} different markers among {en.words(arg.among, 'and')}"
            )
        else:
            pick = "one of your markers" if n == "1" else f"{n} different markers"
        return f"{verb} {pick} {spaces} {unit}" + (" each" if n != "1" else "")
    tracks = arg.track if isinstance(arg.track, list) else [arg.track]
    return f"{verb} your {en.words(tracks, 'and')} marker{'s' if len(tracks) > 1 else ''} {spaces} {unit}" + (
        " each" if len(tracks) > 1 else ""
    )
