"""The condition `event`: true when the event being handled has these details (e.g. which deity was
worshipped)."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import Name, Scalar


@primitive
class Event(Primitive):
    family, name = "condition", "event"
    args = dict[Name, Scalar | list[Scalar]]
    summary = "True when the event being handled has these details (e.g. which deity was worshipped)."
    example = {"event": {"deity": "aphrodite"}}

    @staticmethod
    def reads_view(arg):
        return True  # the event

    @staticmethod
    def english(arg, en):
        def detail(k, v):
            if isinstance(v, bool):
                return f"this {'is' if v else 'is not'} {en.word(k)}"
            return f"the {en.word(k)} is {en.words(v if isinstance(v, list) else [v], 'or')}"

        return " and ".join(detail(k, v) for k, v in arg.items())

    @staticmethod
    def run(arg, ctx):
        return all(
            ctx.event.get(key) in (wanted if isinstance(wanted, list) else [wanted]) for key, wanted in arg.items()
        )
