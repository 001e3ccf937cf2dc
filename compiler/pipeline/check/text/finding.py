"""One disagreement between a card's text and what the card does."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Finding:
    message: str
    start: int | None = None  # offset in the card text, None: the text as a whole
    end: int | None = None
    effect: int | None = None  # index of the effect concerned
    hint: str = ""
