"""Lines and columns of a text as YAML counts them (and so ruamel's marks, which every position
comes from): an index of line starts made once per text, and the two look-ups diagnostics need."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

# Line breaks as YAML (and so ruamel's marks, which every position comes from) counts them.
LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


@lru_cache(maxsize=32)
def line_starts(text: str) -> tuple[int, ...]:
    """The offset where each line of a text starts, computed once per text (diagnostics look lines
    up by number and offsets up by line: without this index each lookup re-read the whole file)."""
    return (0, *(m.end() for m in LINE_BREAK.finditer(text)))


def offset_of(text: str, line: int, column: int) -> int:
    """The offset of a 1-based line and column."""
    starts = line_starts(text)
    return starts[min(max(line, 1), len(starts)) - 1] + column - 1


def line_col(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of an offset."""
    starts = line_starts(text)
    index = bisect_right(starts, offset) - 1
    return index + 1, offset - starts[index] + 1
