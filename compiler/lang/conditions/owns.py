"""The condition `owns`: true when the acting player has a matching card in play."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import CardRef


@primitive
class Owns(Primitive):
    family, name = "condition", "owns"
    args = CardRef
    summary = "True when the acting player has a matching card in play."
    example = {"owns": "barracks"}

    @staticmethod
    def english(arg, en):
        return f"you have {en.card_ref(arg)}"

    @staticmethod
    def run(arg, ctx):
        return bool(ctx.select(arg))
