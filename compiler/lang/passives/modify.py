"""The passive `modify`: change one of the game's rule numbers for this player (a requirement, a
threshold, a permission)."""

from __future__ import annotations

from pydantic import Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import ParamName, PlayerSet, Strict


class ModifyArgs(Strict):
    param: ParamName = Field(description="A rule number declared under params in game.yaml")
    by: int = Field(description="Added to it for this player")
    of: PlayerSet | None = Field(
        None,
        description="Whose number changes, read from the card's owner (default: the owner's "
        "own): e.g. opponents, neighbours",
    )


@primitive
class Modify(Primitive):
    family, name = "passive", "modify"
    hook = hooks.RULE_NUMBER
    args = ModifyArgs
    summary = (
        "Change one of the game's rule numbers for this player (a requirement, a threshold, a permission), or, "
        "with `of`, for other players."
    )
    example = {"modify": {"param": "culture_requirement", "by": -1}}

    @staticmethod
    def english(arg, en):
        base = en.param_base(arg.param)
        change = f" (from {base} to {base + arg.by})" if base is not None else ""
        whom = "you" if arg.of is None else en.players(arg.of)
        return (
            f"{en.param_name(arg.param)} is {'raised' if arg.by > 0 else 'lowered'} by {abs(arg.by)} for {whom}{change}"
        )
