"""The passive `immune`: a trigger fired for this player passes them by: neither the game's rules nor
any card run for them."""

from __future__ import annotations

from pydantic import Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import Strict, TriggerName


class ImmuneArgs(Strict):
    to: TriggerName = Field(description="A trigger that, fired for this player, does nothing: no rule and no card runs")


@primitive
class Immune(Primitive):
    family, name = "passive", "immune"
    hook = hooks.IMMUNITY
    args = ImmuneArgs
    summary = "A trigger fired for this player passes them by: neither the game's rules nor any card run for them."
    example = {"immune": {"to": "plague_strikes"}}

    @staticmethod
    def english(arg, en):
        spec = en.game.triggers.get(arg.to) if en.game is not None else None
        what = spec.description.split(":")[0].strip() if spec is not None and spec.description else en.word(arg.to)
        return f"nothing happens to you when {what}"
