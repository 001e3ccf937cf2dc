"""Card text against effects (W501): every number and every noun one side has and the other lacks.

The check itself lives in text/ (one job per module, see text/__init__.py); this module runs it
over a game's cards and turns its findings into located diagnostics: W501 warnings (errors under
--strict), reported at the line of the text where the word stands, or at the start of the text
when the text lacks something, with a note at the effect concerned.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.diagnostics import Diagnostic, Related
from ...load.loader import Document
from ...model.compiled import CompiledGame
from ...render.english import English
from .text.compare import compare
from .text.fields import compare_fields
from .text.finding import Finding
from .text.locate import TextMap, entity_prefix, locate
from .text.reading import Mention, Reading
from .text.vocabulary import Vocabulary

__all__ = [
    "Finding",
    "Mention",
    "Reading",
    "TextMap",
    "Vocabulary",
    "check_card_text",
    "check_text",
    "compare",
    "compare_fields",
    "locate",
]


def check_text(
    game: CompiledGame, documents: dict[str, Document], check_card: Callable | None = None
) -> list[Diagnostic]:
    """Every card's text. `check_card` (default check_card_text) checks one card's; the cache wraps it."""
    vocab = Vocabulary(game.game, game.cards)
    en = English(game.game, game.cards)
    out: list[Diagnostic] = []
    for card_id in game.cards:
        out += (check_card or check_card_text)(game, card_id, documents, vocab, en)
    return out


def check_card_text(
    game: CompiledGame, card_id: str, documents: dict[str, Document], vocab: Vocabulary, en: English
) -> list[Diagnostic]:
    """One card's text against its effects. Reads other cards only through vocab and en, which hold
    their ids and names (the cache in cache/cache.py relies on this: keep it so, or widen its key)."""
    card = game.cards[card_id]
    doc = documents.get(game.sources[card_id].file)
    if doc is None:
        return []
    prefix = entity_prefix(doc, card_id)
    try:
        found = compare(card, vocab, en)
    except Exception as exc:  # noqa: BLE001 - one card's oddity must not stop the whole check
        line, col = doc.where(prefix + ("text",))
        return [
            Diagnostic(
                "E901",
                f"{card.name}: the text check failed: {type(exc).__name__}: {exc}",
                doc.file,
                line,
                col,
                "please report this with the card that caused it",
                "text",
            )
        ]
    words = TextMap(doc, prefix, card.text) if any(f.start is not None for f in found) else None
    return [_diagnostic(doc, prefix, card.name, f, words) for f in found]


def _diagnostic(doc: Document, prefix: tuple, name: str, f: Finding, words: TextMap | None) -> Diagnostic:
    if words is not None and f.start is not None:
        line, col = words.locate(f.start)
    else:
        line, col = doc.where(prefix + ("text",))
    related: tuple[Related, ...] = ()
    if f.effect is not None:
        el, ec = doc.where(prefix + ("effects", f.effect))
        related = (Related(doc.file, el, ec, "the effect concerned"),)
    return Diagnostic("W501", f"{name}: {f.message}", doc.file, line, col, f.hint, "text", related)
