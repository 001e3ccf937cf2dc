"""A card without effects: its text against its fields. Every amount the fields give (a cost's
units, or how many choice fields show a noun, such as a tile's symbols) is stated with its number,
every card a ref/refs field names is named, and the text names no other card and gives no other
noun a number."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ....model.game import Card
from ....render.english import English
from .finding import Finding
from .reading import Mention, Reading, read
from .vocabulary import Key, Vocabulary


@dataclass
class _Fields:
    """What a card's fields give: amounts of nouns, and the names of the cards they refer to."""

    amounts: dict[Key, int] = field(default_factory=dict)
    named: set[str] = field(default_factory=set)  # card names: several cards may share one (four roads of one name)
    names_cards: bool = False  # the kind has a field that can name cards

    def add(self, key: Key, n: int) -> None:
        self.amounts[key] = self.amounts.get(key, 0) + n


def _fields(card: Card, vocab: Vocabulary) -> _Fields | None:
    kind = vocab.game.kinds.get(card.kind)
    if kind is None:
        return None
    out = _Fields(names_cards=any(spec.type in ("ref", "refs") for spec in kind.fields.values()))
    for name, value in card.fields.items():
        spec = kind.fields.get(name)
        if spec is not None:
            _read_field(out, vocab, spec.type, value)
    return out


def _read_field(out: _Fields, vocab: Vocabulary, ftype: str, value: Any) -> None:
    if ftype == "cost" and isinstance(value, dict):
        for noun, n in value.items():
            if isinstance(n, int) and n > 0:
                out.add(("noun", noun), n)
    elif ftype == "choice" and isinstance(value, str) and value in vocab.game.resources:
        out.add(("noun", value), 1)
    elif ftype in ("ref", "refs"):
        refs = [value] if isinstance(value, str) else list(value or [])
        out.named |= {vocab.cards[r].name for r in refs if isinstance(r, str) and r in vocab.cards}


class _FieldComparison:
    def __init__(self, card: Card, vocab: Vocabulary, fields: _Fields) -> None:
        self.card, self.vocab, self.fields = card, vocab, fields
        self.text = card.text or ""
        self.said: Reading = read(vocab, self.text)
        self.findings: list[Finding] = []
        self.reported: set[Key] = set()

    def label(self, key: Key, n: int) -> str:
        # a label of its own ('water card') counts; a bare resource name ('grain') is a mass noun
        word = self.vocab.label(key)
        return f"{n} {word}" if n == 1 or word == key[1].replace("_", " ") or word.endswith("s") else f"{n} {word}s"

    def run(self) -> list[Finding]:
        extra: list[tuple[Mention, Finding]] = []  # what the text has and the fields lack
        for m in self.said.mentions:
            if m.key not in self.reported:
                extra += self._mention(m)
        missing = self._unsaid_amounts() + self._unnamed_cards()  # what the fields have and the text lacks
        for category in ("noun", "card"):
            mine = [(m, f) for m, f in extra if m.key[0] == category]
            theirs = [(what, f) for kind, what, f in missing if kind == category]
            if len(mine) == 1 and len(theirs) == 1:  # one word swapped for another: one finding, at the word
                m, what = mine[0][0], theirs[0][0]
                extra.remove(mine[0])
                missing = [row for row in missing if row[2] is not theirs[0][1]]
                self.findings.append(
                    Finding(
                        f'text says "{m.phrase}" where the card\'s fields {what}',
                        m.start,
                        m.end,
                        hint="change the word in the text or in the fields",
                    )
                )
        self.findings += [f for _m, f in extra] + [f for _k, _w, f in missing]
        return self.findings

    def _mention(self, m: Mention) -> list[tuple[Mention, Finding]]:
        """A number that differs from the fields' is reported here; a name they lack is returned."""
        amounts = self.fields.amounts
        if m.key in amounts:
            if m.number is not None and not m.weak and m.number != amounts[m.key]:
                start, end = m.number_at or (m.start, m.end)
                self.reported.add(m.key)
                self.findings.append(
                    Finding(
                        f"text says {self.label(m.key, m.number)}; the card's fields give {amounts[m.key]}",
                        start,
                        end,
                        hint="change the number in the text or in the fields so that they agree",
                    )
                )
        elif m.key[0] == "noun" and m.number is not None and not m.weak and m.key[1] in self.vocab.game.resources:
            self.reported.add(m.key)
            return [
                (
                    m,
                    Finding(
                        f"text says {self.label(m.key, m.number)}; the card's fields give none",
                        m.start,
                        m.end,
                        hint="remove it from the text, or add it to the fields",
                    ),
                )
            ]
        elif m.key[0] == "card" and self.fields.names_cards:  # only a kind that can name cards is held to it
            shown = self.vocab.cards[m.key[1]].name if m.key[1] in self.vocab.cards else m.key[1]
            if shown != self.card.name and shown not in self.fields.named:
                self.reported.add(m.key)
                return [
                    (
                        m,
                        Finding(
                            f"text mentions {shown}; the card's fields do not name it",
                            m.start,
                            m.end,
                            hint="remove it from the text, or name it in the card's fields",
                        ),
                    )
                ]
        return []

    def _unsaid_amounts(self) -> list[tuple[str, str, Finding]]:
        """A text that states amounts states them all; one that states none (the cost is printed apart) is not held to it."""
        said_keys = self.said.keys()
        if not any(key in said_keys for key in self.fields.amounts):
            return []
        return [
            (
                "noun",
                f"give {self.label(key, n)}",
                Finding(
                    f"the card's fields give {self.label(key, n)}; the text does not mention {self.vocab.label(key)}",
                    hint="state it in the text",
                ),
            )
            for key, n in sorted(self.fields.amounts.items())
            if key not in said_keys
        ]

    def _unnamed_cards(self) -> list[tuple[str, str, Finding]]:
        return [
            (
                "card",
                f"name {name}",
                Finding(f"the card's fields name {name}; the text does not mention it", hint="name it in the text"),
            )
            for name in sorted(self.fields.named)
            if not re.search(r"(?<![A-Za-z])" + re.escape(name) + r"(?![A-Za-z])", self.text)
        ]


def compare_fields(card: Card, vocab: Vocabulary, en: English) -> list[Finding]:
    fields = _fields(card, vocab)
    if fields is None:
        return []
    return _FieldComparison(card, vocab, fields).run()
