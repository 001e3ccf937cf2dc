"""The passive `produce`: production usable for every cost the player pays, renewed each turn, never
spent."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .. import hooks
from ..registry import Primitive, primitive
from ..types import ResourceName


class ProduceArgs(BaseModel):
    """`{wood: 2}` produces two wood; `{one_of: [wood, clay]}` one unit of either, chosen each time."""

    model_config = ConfigDict(extra="allow", frozen=True)
    __pydantic_extra__: dict[ResourceName, int] = Field(init=False)
    one_of: list[ResourceName] | None = Field(None, description="Produces one unit of one of these, chosen each time")
    tradable: bool = Field(True, description="Whether neighbours may buy this production")

    @property
    def amounts(self) -> dict[str, int]:
        return dict(self.__pydantic_extra__ or {})


@primitive
class Produce(Primitive):
    family, name = "passive", "produce"
    hook = hooks.PRODUCTION
    args = ProduceArgs
    summary = "Production usable for every cost the player pays, renewed each turn, never spent."
    example = {"produce": {"one_of": ["wood", "clay"]}}

    @staticmethod
    def english(arg, en):
        parts = []
        if arg.amounts:
            parts.append(en.noun_amounts(arg.amounts))
        if arg.one_of:
            parts.append("1 " + en.words(arg.one_of, "or") + " (your choice)")
        buyers = en.trade_buyers()
        if buyers:
            tail = f"; {buyers} may buy it" if arg.tradable else f", for your own use only: {buyers} cannot buy it"
        else:
            tail = "" if arg.tradable else ", for your own use only"
        return "produces " + " and ".join(parts) + " every turn" + tail
