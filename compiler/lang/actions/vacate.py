"""The action `vacate`: the acting player takes back their pieces from every matching space they
occupy."""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import FieldName, Noun, Scalar, Strict, ZoneName


class VacateArgs(Strict):
    zone: ZoneName = Field(description="The player zone recording occupied spaces")
    where: dict[FieldName, Scalar | list[Scalar]] = Field(
        default_factory=dict, description="Only spaces whose fields have these values"
    )
    piece: Noun | None = Field(
        None, description="The counter each piece returns to (none: the pieces simply leave the board)"
    )


@primitive
class Vacate(Primitive):
    family, name = "action", "vacate"
    args = VacateArgs
    summary = "The acting player takes back their pieces from every matching space they occupy; each returns to the `piece` counter."
    example = {"vacate": {"zone": "worship", "where": {"space": "beta"}, "piece": "idle_priests"}}

    @staticmethod
    def english(arg, en):
        which = " ".join(en.words(v if isinstance(v, list) else [v], "or") for v in arg.where.values())
        spaces = f"{which} spaces" if which else "spaces"
        back = f" to your {en.word(arg.piece)}" if arg.piece else ""
        return f"take back all your pieces on {spaces} ({en.word(arg.zone)}){back}"

    @staticmethod
    def run(arg, ctx):
        ctx.spaces.vacate(ctx, arg.zone, ctx.decide.zones.where_pairs(arg.where), arg.piece)

    @staticmethod
    def never_refused(arg, sure):
        return True  # the pieces on spaces that match go home, none if none do
