"""The words of card texts: tokens, number words, singular and plural forms.

Shared by the vocabulary (which turns a game's names into phrases) and the reader (which reads a
text with them); nothing here knows a game."""

from __future__ import annotations

import re
from typing import NamedTuple

NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "twenty": 20,
    "twice": 2,
    "double": 2,
    "single": 1,
}
WEAK_ONE = {"a", "an", "each", "per", "every"}  # bind a noun as 1 without being a number of the text
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
# Words a number may stand apart from its noun by: "two more victory points", "one of your coins".
BRIDGE = {
    "more",
    "extra",
    "additional",
    "different",
    "other",
    "of",
    "your",
    "their",
    "own",
    "free",
    "new",
    "fewer",
    "less",
    "whole",
    "science",
    "symbol",
    "symbols",
    "x",
    "×",
    "the",
}
MAX_GAP = 3
# Units of measure: their numbers are compared ('2 spaces' against '3 spaces'), their mention is not.
UNITS = {"space": ["space"], "marker": ["marker", "progress marker"]}
# A number after these counts things the text names, not an amount: 'the other two', 'both'.
COUNTING = {"the", "other", "all", "these", "those"}
BUILTIN_PLAYERS = {
    "opponents": [
        "opponents",
        "opponent",
        "other player",
        "other players",
        "each other player",
        "another player",
        "any other player",
    ],
    "all": ["every player", "each player", "all players", "all the players", "everyone", "any player", "anyone"],
    "target": ["targeted player", "chosen player", "player you choose", "player you chose", "that player"],
}
PUNCTUATION = frozenset(".;:!?()")

_TOKEN = re.compile(r"[A-Za-z\u00C0-\u024F\u0370-\u03FF]+(?:['’][A-Za-z]+)?['’]?|\d+|[.;:!?()]")


class Token(NamedTuple):  # a tuple: a text check makes thousands, a frozen dataclass is slower to make
    text: str  # as written, possessive stripped
    lower: str
    start: int  # offset in the text
    end: int


_POSSESSIVE = re.compile(r"['’](s)?$")


def tokens(text: str) -> list[Token]:
    out = []
    for m in _TOKEN.finditer(text):
        word = m.group(0)
        stripped = _POSSESSIVE.sub("", word) if "'" in word or "’" in word else word
        start = m.start()
        out.append(Token(stripped, stripped.lower(), start, start + len(stripped)))
    return out


def words_of(phrase: str) -> tuple[str, ...]:
    """A phrase as the lower-case words the reader matches (punctuation left out)."""
    return tuple(t.lower for t in tokens(phrase) if t.lower not in PUNCTUATION)


def _plural(last: str) -> str:
    if last.endswith("y") and len(last) > 2 and last[-2] not in "aeiou":
        return last[:-1] + "ies"
    if last.endswith(("s", "x", "ch", "sh")):
        return last + "es"
    return last + "s"


def _singular(last: str) -> str | None:
    if last.endswith("ae") and len(last) > 4:
        return last[:-1]  # Latin plurals: 'amphorae', 'amphora'
    if last.endswith("ies"):
        return last[:-3] + "y"
    if last.endswith(("ses", "xes", "ches", "shes")):
        return last[:-2]
    if last.endswith("s") and not last.endswith("ss") and len(last) > 3:
        return last[:-1]
    return None


def variants(phrase: str) -> set[str]:
    """A phrase and its singular and plural forms (on the last word)."""
    phrase = " ".join(phrase.lower().replace("_", " ").split())
    if not phrase:
        return set()
    head, _, last = phrase.rpartition(" ")
    pre = head + " " if head else ""
    forms = {last, _plural(last)} | ({_singular(last)} - {None})
    out = {pre + form for form in forms if form}
    if "neighbour" in last:
        out |= {v.replace("neighbour", "neighbor") for v in set(out)}
    return out


def number_of(tok: Token) -> int | None:
    """The number a word stands for: a digit, a number word, 'a'/'each' (as 1), a Roman numeral."""
    if tok.lower.isdigit():
        return int(tok.lower)
    if tok.lower in NUMBER_WORDS:
        return NUMBER_WORDS[tok.lower]
    if tok.lower in WEAK_ONE:
        return 1
    if tok.text in ROMAN and tok.text.isupper():
        return ROMAN[tok.text]
    return None


def _ascii_letter(ch: str) -> bool:
    return "a" <= ch <= "z" or "A" <= ch <= "Z"


def word_before(text: str, start: int) -> str:
    """The last run of ASCII letters before `start` ('' if none): read backwards from `start`, not by
    splitting the whole text before it again for every number (which made long texts quadratic)."""
    end = start
    while end > 0 and not _ascii_letter(text[end - 1]):
        end -= 1
    begin = end
    while begin > 0 and _ascii_letter(text[begin - 1]):
        begin -= 1
    return text[begin:end]


_LINKS = {"of", "or", "and", "a", "an", "the"}  # words between a field's name and its numbers: 'a roll of 2 or 3'


def names_field(text: str, start: int, end: int, words: set[str] | None) -> bool:
    """'stage 2', 'age 1', 'a roll of 2 or 3': a number next to the name of the card's own field
    holding it (before it, across small linking words and the field's other numbers, or after it)."""
    if not words:
        return False
    after = re.findall(r"[A-Za-z]+", text[end : end + 40])[:1]
    if any(w.lower() in words for w in after):
        return True
    window = re.findall(r"[A-Za-z]+|[0-9]+", text[max(0, start - 60) : start])
    for word in reversed(window[-6:]):
        if word.lower() in words:
            return True
        if not (word.isdigit() or word.lower() in _LINKS):
            return False
    return False
