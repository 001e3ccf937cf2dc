"""The action `invoke`: run another entity's effects for the acting player (a favor, a copied guild,
...)."""

from __future__ import annotations

from pydantic import Field, model_validator

from ..registry import Primitive, primitive
from ..types import CardRef, Name, Strict, TriggerName


class InvokeArgs(Strict):
    card: CardRef | None = Field(None, description="The entity whose effects run, or a selector (the player picks)")
    named_by: Name | None = Field(
        None, description="Instead of card: the detail of the event being handled that names the entity (e.g. disaster)"
    )
    on: TriggerName = Field("invoked", description="Which of its triggers runs")
    worship: bool = Field(True, description="False when this does not count as the event itself (e.g. not worship)")

    @model_validator(mode="after")
    def _one_entity(self):
        if (self.card is None) == (self.named_by is None):
            raise ValueError("give either 'card' or 'named_by'")
        return self


@primitive
class Invoke(Primitive):
    family, name = "action", "invoke"
    args = InvokeArgs
    summary = "Run another entity's effects for the acting player (a favor, a copied guild, ...)."
    example = {"invoke": {"card": {"kind": "favor", "where": {"space": "alpha"}}}}

    @staticmethod
    def reads_view(arg):
        return arg.named_by is not None  # with `named_by`, the event

    @staticmethod
    def english(arg, en):
        if arg.named_by is not None:
            what = f"the {en.word(arg.named_by)} the event names"
        else:
            what = (
                en.card_ref(arg.card) if isinstance(arg.card, str) else f"one of {en.selector(arg.card, owned=False)}"
            )
        return f"receive the effect of {what}" + ("" if arg.worship else " (this does not count as the event itself)")

    @staticmethod
    def run(arg, ctx):
        if arg.named_by is not None:
            ctx.invoke(ctx.named_by_event(arg.named_by), arg.on, arg.worship)
        else:
            ctx.invoke(
                ctx.select(arg.card) if not isinstance(arg.card, str) else [(None, arg.card)], arg.on, arg.worship
            )

    @staticmethod
    def never_refused(arg, sure):
        # nothing found: nothing runs; else the first one found (the first answer), whose effects
        # on the trigger are among those the trigger sets off
        return arg.named_by is None and sure(arg.on)
