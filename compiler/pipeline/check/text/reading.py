"""Reading a text with a game's vocabulary: the nouns it mentions, each with the number bound to
it, and the numbers standing alone. A number binds to the noun that follows it within a few words
("two victory points", "1 coin for each"); number words count."""

from __future__ import annotations

from dataclasses import dataclass, field

from .vocabulary import Key, Vocabulary
from .words import BRIDGE, MAX_GAP, PUNCTUATION, WEAK_ONE, number_of, tokens


@dataclass(frozen=True)
class Mention:
    key: tuple[str, str]  # (category, name): ("noun", "points"), ("card", "altar"), ("rel", "left"), ...
    phrase: str  # the words as written
    start: int
    end: int
    number: int | None = None  # the number bound to it
    weak: bool = False  # the number was 'a'/'an'/'each' (1 only as a reading, never required)
    number_at: tuple[int, int] | None = None


@dataclass
class Reading:
    """What a text says: the nouns it mentions (with numbers) and the numbers standing alone."""

    mentions: list[Mention] = field(default_factory=list)
    loose: list[tuple[int, int, int]] = field(default_factory=list)  # (number, start, end)

    def keys(self) -> set[tuple[str, str]]:
        return {m.key for m in self.mentions}

    def numbers_of(self, key: tuple[str, str], strong: bool = True) -> set[int]:
        return {m.number for m in self.mentions if m.key == key and m.number is not None and (not strong or not m.weak)}

    def all_numbers(self) -> set[int]:
        return {m.number for m in self.mentions if m.number is not None and not m.weak} | {
            n for n, _s, _e in self.loose
        }


@dataclass(frozen=True)
class _Pending:
    """A number read and not yet bound to a noun."""

    value: int
    start: int
    end: int
    weak: bool
    index: int  # its token's index


class _Reader:
    def __init__(self, vocab: Vocabulary, text: str) -> None:
        self.vocab = vocab
        self.text = text
        self.tokens = tokens(text)
        self.reading = Reading()
        self.pending: list[_Pending] = []

    def run(self) -> Reading:
        i = 0
        while i < len(self.tokens):
            i = self._step(i)
        self._flush()
        return self.reading

    def _step(self, i: int) -> int:
        match = self.vocab.match(self.tokens, i)
        if match is not None:
            self._mention(i, *match)
            return i + match[1]
        tok = self.tokens[i]
        value = number_of(tok)
        if value is not None:
            self._flush()
            self.pending = [_Pending(value, tok.start, tok.end, tok.lower in WEAK_ONE, i)]
        elif tok.lower in PUNCTUATION or (self.pending and tok.lower not in BRIDGE):
            self._flush()
        return i + 1

    def _flush(self) -> None:
        """Numbers that bound to no noun stand alone ('a'/'each' are dropped: they claim nothing)."""
        self.reading.loose += [(p.value, p.start, p.end) for p in self.pending if not p.weak]
        self.pending = []

    def _mention(self, i: int, key: Key, length: int) -> None:
        start, end = self.tokens[i].start, self.tokens[i + length - 1].end
        bound = self.pending.pop() if self.pending and i - self.pending[-1].index - 1 <= MAX_GAP else None
        self._flush()
        if bound is not None and key[0] == "card" and not bound.weak:
            self.reading.loose.append((bound.value, bound.start, bound.end))  # 'stage 2 of the Alexandria board'
        if bound is None or key[0] in ("rel", "card"):  # 'your two neighbours': a count of people, not an amount
            self.reading.mentions.append(Mention(key, self.text[start:end], start, end))
            return
        self.reading.mentions.append(
            Mention(key, self.text[start:end], start, end, bound.value, bound.weak, (bound.start, bound.end))
        )


def read(vocab: Vocabulary, text: str) -> Reading:
    return _Reader(vocab, text).run()
