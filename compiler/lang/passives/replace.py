"""The passive `replace`: whenever the player would receive one entity's effect, they receive another's
instead."""

from __future__ import annotations

from pydantic import Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import CardId, Strict


class ReplaceArgs(Strict):
    invoke: CardId = Field(description="The entity whose effect is replaced")
    with_: CardId = Field(alias="with", description="The entity whose effect runs instead")


@primitive
class Replace(Primitive):
    family, name = "passive", "replace"
    hook = hooks.REPLACEMENT
    args = ReplaceArgs
    summary = "Whenever the player would receive one entity's effect, they receive another's instead."
    example = {"replace": {"invoke": "hera_beta", "with": "hera_alpha"}}

    @staticmethod
    def english(arg, en):
        return f"whenever you would receive {en.card_name(arg.invoke)}, you receive {en.card_name(arg.with_)} instead"
