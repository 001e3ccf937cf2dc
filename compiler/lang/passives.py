"""Standing effects: they hold while their card is in play, and the runtime consults them.

A passive only works once its card is in play, so a discount never applies to its own card.
"""

from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from .registry import Primitive, primitive
from .types import CardId, Name, Noun, ParamName, PlayerSet, ResourceName, Selector, Strict, TriggerName

Limit = Literal["once_per_round", "once_per_age", "once_per_game", "once_per_build"]


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


class TradePriceArgs(Strict):
    resources: list[ResourceName] = Field(description="The resources the price applies to")
    from_: PlayerSet = Field(alias="from", description="The players bought from")
    price: int = Field(ge=0, description="Coins paid per unit")


@primitive
class TradePrice(Primitive):
    family, name = "passive", "trade_price"
    args = TradePriceArgs
    summary = "A lower price for buying some resources from some players."
    example = {"trade_price": {"resources": ["wood", "stone", "clay", "ore"], "from": "left", "price": 1}}

    @staticmethod
    def english(arg, en):
        return f"you buy {en.words(arg.resources, 'and')} from {en.players(arg.from_)} for {en.quantity(arg.price, en.trade_currency())} each" + en.trade_base()


class DiscountArgs(Strict):
    amount: int = Field(1, ge=1, description="Units of resource taken off the cost")
    of: Union[list[ResourceName], Literal["any"]] = Field("any", description="Which resources may be taken off")
    everything: bool = Field(False, description="The whole cost, coins included, is waived")
    applies_to: Selector | None = Field(None, description="Only for these cards (default: every card built)")
    optional: bool = Field(False, description="The player may decline it")
    limit: Limit | None = Field(None, description="How often it can be used")


@primitive
class Discount(Primitive):
    family, name = "passive", "discount"
    args = DiscountArgs
    summary = "Cards cost less (or nothing) to build; mandatory unless optional, within its limit."
    example = {"discount": {"amount": 1, "of": "any"}}

    @staticmethod
    def english(arg, en):
        # applies_to filters the card being built, which nobody holds yet
        what = en.selector(arg.applies_to, plural=False, owned=False) if arg.applies_to else "card"
        what = ("an " if what[:1].lower() in "aeiou" else "a ") + what
        if arg.everything:
            core = f"you may build {what} for free" if arg.optional else f"you build {what} for free"
        else:
            of = "resource of your choice" if arg.of == "any" else en.words(arg.of, "or")
            core = f"{what} costs you {arg.amount} {of} less"
            if arg.optional:
                core = "if you wish, " + core
        return core + (f", {en.word(arg.limit)}" if arg.limit else "")


class SubstituteArgs(Strict):
    use: Union[Literal["any"], Noun] = Field(description="The counter or resource given instead; 'any': any resources the player holds")
    as_: Union[list[ResourceName], Literal["any"]] = Field("any", alias="as", description="Which resources it replaces")
    give: int = Field(1, ge=1, description="Units given for each unit replaced (2: two for one)")
    limit: Limit | None = Field(None, description="How often it can be used")


@primitive
class Substitute(Primitive):
    family, name = "passive", "substitute"
    args = SubstituteArgs
    summary = ("When paying, `give` units of one noun (or of any resources) may be given for a unit of other resources: "
               "a build's cost, a piece's placement, and any other payment the player lacks the resource for (limited to once "
               "per build: a build's cost only; `use: any` is not offered in a build's cost search).")
    example = {"substitute": {"use": "meat", "as": "any"}}

    @staticmethod
    def english(arg, en):
        target = "any resource" if arg.as_ == "any" else en.words(arg.as_, "or")
        if arg.use == "any":
            what = f"{arg.give} resources of any kind" if arg.give != 1 else "a resource of any kind"
            return f"you may pay {what} for each missing {target}" + (f", {en.word(arg.limit)}" if arg.limit else "")
        if arg.give != 1:
            return f"you may pay {en.quantity(arg.give, arg.use)} for each {target} you lack" + (f", {en.word(arg.limit)}" if arg.limit else "")
        return f"you may pay with {en.word(arg.use)} as {target}" + (f", {en.word(arg.limit)}" if arg.limit else "")


class ModifyArgs(Strict):
    param: ParamName = Field(description="A rule number declared under params in game.yaml")
    by: int = Field(description="Added to it for this player")


@primitive
class Modify(Primitive):
    family, name = "passive", "modify"
    args = ModifyArgs
    summary = "Change one of the game's rule numbers for this player (a requirement, a threshold, a permission)."
    example = {"modify": {"param": "culture_requirement", "by": -1}}

    @staticmethod
    def english(arg, en):
        base = en.param_base(arg.param)
        change = f" (from {base} to {base + arg.by})" if base is not None else ""
        return f"{en.param_name(arg.param)} is {'raised' if arg.by > 0 else 'lowered'} by {abs(arg.by)} for you{change}"


class ReplaceArgs(Strict):
    invoke: CardId = Field(description="The entity whose effect is replaced")
    with_: CardId = Field(alias="with", description="The entity whose effect runs instead")


@primitive
class Replace(Primitive):
    family, name = "passive", "replace"
    args = ReplaceArgs
    summary = "Whenever the player would receive one entity's effect, they receive another's instead."
    example = {"replace": {"invoke": "hera_beta", "with": "hera_alpha"}}

    @staticmethod
    def english(arg, en):
        return f"whenever you would receive {en.card_name(arg.invoke)}, you receive {en.card_name(arg.with_)} instead"


class ImmuneArgs(Strict):
    to: TriggerName = Field(description="A trigger that, fired for this player, does nothing: no rule and no card runs")


@primitive
class Immune(Primitive):
    family, name = "passive", "immune"
    args = ImmuneArgs
    summary = "A trigger fired for this player passes them by: neither the game's rules nor any card run for them."
    example = {"immune": {"to": "plague_strikes"}}

    @staticmethod
    def english(arg, en):
        spec = en.game.triggers.get(arg.to) if en.game is not None else None
        what = spec.description.split(":")[0].strip() if spec is not None and spec.description else en.word(arg.to)
        return f"nothing happens to you when {what}"
