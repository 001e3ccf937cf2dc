"""The condition `card_has`: true when the card in view (the card the effect belongs to, or the one
a `for_each` over cards has in view) has fields holding these values, as a selector's `where` tests
a card: a card's printed numbers read in a test outside any selector."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import RootModel, model_validator

from ..registry import Primitive, primitive
from ..types import FieldName, FieldTest, Scalar

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from ..nodes import Amount


class CardHasArgs(RootModel[dict[FieldName, "Scalar | list[Scalar] | FieldTest | Amount"]]):
    """Each field of the card and what it must hold: a value, a list of values (one of them), a test
    ({at_least: 2, at_most: {detail: roll}}) or an amount; a list field (ints) holds it when one of
    its items does."""

    @model_validator(mode="after")
    def _some(self) -> CardHasArgs:
        if not self.root:
            raise ValueError("card_has needs at least one field")
        return self

    def items(self):
        return self.root.items()


@primitive
class CardHas(Primitive):
    family, name = "condition", "card_has"
    args = CardHasArgs
    summary = (
        "True when the card in view (the card itself, or the one a for_each over cards has in view) has fields "
        "holding these values, as a selector's where tests them: a value, one of a list, a test or an amount."
    )
    example = {"card_has": {"activation": {"detail": "roll"}}}

    @staticmethod
    def reads_view(arg):
        return True  # the card in view's fields

    @staticmethod
    def english(arg, en):
        parts = []
        for field, wanted in arg.items():
            if isinstance(wanted, FieldTest):
                _adjective, shown = en._field_test(field, wanted)
                parts.append(shown[len("whose ") :] if shown.startswith("whose ") else shown)
            elif isinstance(wanted, (str, int, bool, list)):
                parts.append(
                    f"{en.word(field)} is {en.words(wanted, 'or') if not isinstance(wanted, bool) else wanted}"
                )
            else:
                parts.append(f"{en.word(field)} includes {en.amount(wanted)}")
        return "this card's " + " and ".join(parts)

    @staticmethod
    def run(arg, ctx):
        return ctx.reading.card_has(ctx, arg.items())
