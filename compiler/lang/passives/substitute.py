"""The passive `substitute`: when paying, `give` units of one noun (or of any resources) may be given
for a unit of other resources: a build's cost, a piece's placement, and any other payment the player
lacks the resource for (limited to once per build: a build's cost only."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import Noun, ResourceName, Strict
from ._shared import Limit


class SubstituteArgs(Strict):
    use: Literal["any"] | Noun = Field(
        description="The counter or resource given instead; 'any': any resources the player holds"
    )
    as_: list[ResourceName] | Literal["any"] = Field("any", alias="as", description="Which resources it replaces")
    give: int = Field(1, ge=1, description="Units given for each unit replaced (2: two for one)")
    limit: Limit | None = Field(None, description="How often it can be used")


@primitive
class Substitute(Primitive):
    family, name = "passive", "substitute"
    hook = hooks.SUBSTITUTE
    args = SubstituteArgs
    summary = (
        "When paying, `give` units of one noun (or of any resources) may be given for a unit of other resources: "
        "a build's cost, a piece's placement, and any other payment the player lacks the resource for (limited to once "
        "per build: a build's cost only; `use: any` is not offered in a build's cost search)."
    )
    example = {"substitute": {"use": "meat", "as": "any"}}

    @staticmethod
    def english(arg, en):
        target = "any resource" if arg.as_ == "any" else en.words(arg.as_, "or")
        if arg.use == "any":
            what = f"{arg.give} resources of any kind" if arg.give != 1 else "a resource of any kind"
            return f"you may pay {what} for each missing {target}" + (f", {en.word(arg.limit)}" if arg.limit else "")
        if arg.give != 1:
            return f"you may pay {en.quantity(arg.give, arg.use)} for each {target} you lack" + (
                f", {en.word(arg.limit)}" if arg.limit else ""
            )
        return f"you may pay with {en.word(arg.use)} as {target}" + (f", {en.word(arg.limit)}" if arg.limit else "")
