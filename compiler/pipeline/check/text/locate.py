"""Where a word of a card's text sits in its file."""

from __future__ import annotations

import re
from bisect import bisect_right

from ....load.loader import Document
from ....load.positions import line_col, offset_of

_WORD = re.compile(r"\S+")
_SLACK = 256  # what may lie between two words of a text in the file: a line break and its indentation
_OPENING = frozenset(" \t\r\n\"'>|+-0123456789")  # before the first word: quotes, block indicators
_BLANKS = frozenset(" \t\r\n")


def entity_prefix(doc: Document, card_id: str) -> tuple:
    """The data path of the entity in its file: () for a file of one entity, (i,) in a list."""
    if isinstance(doc.data, list):
        for i, item in enumerate(doc.data):
            if isinstance(item, dict) and item.get("id") == card_id:
                return (i,)
    return ()


class TextMap:
    """Where each word of a card's text sits in its file, worked out once per card in one pass over
    the text's own stretch of the file, so that locating a finding is a look-up: each finding used
    to search the whole file again, which made a file of many long texts quadratic.

    A word is found where the previous one ended, after nothing but blanks (or, before the first,
    a quote or a block indicator). A word written otherwise in the file (an escape in a quoted
    text) is left unplaced and the next one is looked for in the window after it."""

    def __init__(self, doc: Document, prefix: tuple, text: str) -> None:
        self.doc = doc
        self.line, self.col = doc.where(prefix + ("text",))
        self.starts: list[int] = []  # offset of each word in the text
        self.places: list[int | None] = []  # its offset in the file, if found
        pos = offset_of(doc.text, self.line, self.col)
        strict = True
        for i, match in enumerate(_WORD.finditer(text)):
            at = self._find(match.group(), pos, _OPENING if i == 0 else _BLANKS, strict)
            self.starts.append(match.start())
            self.places.append(at)
            strict = at is not None
            if at is not None:
                pos = at + len(match.group())

    def _find(self, word: str, pos: int, allowed: frozenset[str], strict: bool) -> int | None:
        at = self.doc.text.find(word, pos, pos + _SLACK + len(word))
        if at < 0 or (strict and not set(self.doc.text[pos:at]) <= allowed):
            return None
        return at

    def locate(self, start: int) -> tuple[int, int]:
        """The file position of the text's offset `start` (the text's own position if unknown)."""
        index = bisect_right(self.starts, start) - 1
        if index < 0 or self.places[index] is None:
            return self.line, self.col
        place = self.places[index]
        assert place is not None
        return line_col(self.doc.text, place + start - self.starts[index])


def locate(doc: Document, prefix: tuple, text: str, start: int, end: int) -> tuple[int, int]:
    """The file position of text[start:end]: the same words in the source (see TextMap)."""
    return TextMap(doc, prefix, text).locate(start)
