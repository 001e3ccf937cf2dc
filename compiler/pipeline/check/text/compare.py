"""A card's text against its effects: every number and every noun one side has and the other lacks.

Both sides are read by the same reader: the designer's `text`, and the English the effects render
to (render/english.py), so a primitive's implicit nouns (a trade price's currency, who may buy
production) are compared as well."""

from __future__ import annotations

import re

from ....lang.model import Effect
from ....model.game import Card
from ....render.english import English
from .allowances import allowances
from .fields import compare_fields
from .finding import Finding
from .reading import Mention, Reading, read
from .vocabulary import Key, Vocabulary
from .words import COUNTING, names_field, word_before

# Words by which a text leaves an effect to the player: an optional effect's text must have one.
OPTIONAL_WORDS = re.compile(r"\b(may|can|if you wish|optional(?:ly)?|up to|choose|chooses)\b", re.IGNORECASE)
_OPTIONAL_EFFECT = re.compile(r"\byou may\b")
_AGREE = "change the number in the text or in the effects so that they agree"
_RESOURCE_WORD = re.compile(r"\bresources?\b", re.IGNORECASE)
# comparisons and superlatives, by the way they point (the English renders lt as 'less than', gt as
# 'more than', fewest as 'the fewest', most as 'the most')
_DIRECTIONS = {
    "up": re.compile(
        r"\b(more than|greater than|higher than|most expensive|dearest|the most|the highest|the largest)\b",
        re.IGNORECASE,
    ),
    "down": re.compile(
        r"\b(less than|fewer than|lower than|cheapest|least expensive|the fewest|the least|the lowest|the smallest)\b",
        re.IGNORECASE,
    ),
}
_DISCARD = re.compile(r"\bdiscard(?:s|ed|ing)?\b", re.IGNORECASE)


class _Comparison:
    def __init__(self, card: Card, vocab: Vocabulary, en: English) -> None:
        self.card, self.vocab, self.en = card, vocab, en
        self.text = card.text or ""
        self.said = read(vocab, self.text)
        self.allowed = allowances(card, vocab)
        self.rendered = [self._read_effect(e) for e in card.effects]
        self.rendered_text = [self.en.effect(e) for e in card.effects]
        self.does = Reading([m for r in self.rendered for m in r.mentions], [n for r in self.rendered for n in r.loose])
        self.effect_numbers = self.does.all_numbers() | {m.number for m in self.does.mentions if m.number is not None}
        self.findings: list[Finding] = []
        self.reported: set[Key] = set()

    def run(self) -> list[Finding]:
        self._nouns()
        self._numbers_said()
        self._numbers_done()
        self._optional()
        self._loose_numbers()
        self._directions()
        self._discards()
        return self.findings

    def _read_effect(self, effect: Effect) -> Reading:
        """What an effect's English says, less the trigger's description from game.yaml ('When a card is
        discarded for coins'): those are the game's words, not the designer's, so the text may use them
        and need not."""
        english = self.en.effect(effect)
        reading, spelled = _named(read(self.vocab, english), effect, self.vocab)
        self.allowed.keys |= spelled  # the text may use those words, and need not
        head = self.en.trigger(effect.on) if effect.on else ""
        if not head or not english.lower().startswith(head.lower()):
            return reading
        self.allowed.keys |= {m.key for m in reading.mentions if m.end <= len(head)}
        return Reading([m for m in reading.mentions if m.end > len(head)], reading.loose)

    # names --------------------------------------------------------------------------------------
    def label(self, key: Key, n: int | None = None) -> str:
        word = self.vocab.label(key)
        if key[0] == "noun" and n is not None:
            return self.en.quantity(n, key[1])
        if key[0] == "unit" and n is not None:
            return f"{n} {word}{'s' if n != 1 else ''}"
        return word if n is None else f"{n} {word}"

    def effect_of(self, key: Key) -> int | None:
        return next((index for index, r in enumerate(self.rendered) if key in r.keys()), None)

    def _skip(self, m: Mention, mine: set[Key], other: set[Key]) -> bool:
        """Matched on the other side (or not to be compared)."""
        if m.key in other or m.key in self.reported or m.key[0] in ("unit", "kind"):
            return True
        return m.key[0] == "rel" and self.vocab.relation_ok(m.key, mine, other)

    # the checks ---------------------------------------------------------------------------------
    def _unmatched(self, mentions: list[Mention], other: set[Key], allowed: set[Key]) -> list[Mention]:
        """The first mention of each name that the other side lacks."""
        out: dict[Key, Mention] = {}
        mine = {m.key for m in mentions}
        for m in mentions:
            if m.key not in out and m.key not in allowed and not self._skip(m, mine, other):
                out[m.key] = m
        self.reported |= set(out)
        return list(out.values())

    def _nouns(self) -> None:
        """Names one side has and the other lacks: one finding for a name swapped for another of its
        kind ('wood' where the effects have stone), else one per name."""
        said_only = self._unmatched(self.said.mentions, self.does.keys(), self.allowed.keys)
        does_only = self._unmatched(self.does.mentions, self.said.keys(), set())
        does_only = self._every_resource(does_only)
        lone = {
            category for category in {m.key[0] for m in does_only} if sum(m.key[0] == category for m in does_only) == 1
        }
        for m in [m for m in does_only if m.key[0] in lone]:
            swapped = self._swap_for(m, said_only)
            if swapped is not None:
                self._swapped(swapped, m)
                does_only.remove(m)
                if swapped in said_only:
                    said_only.remove(swapped)
        for m in said_only:
            self.findings.append(
                Finding(
                    f"text mentions {self.label(m.key)}; the effects do not",
                    m.start,
                    m.end,
                    hint="remove it from the text, or add it to the effects",
                )
            )
        for m in does_only:
            self._unsaid(m)

    def _every_resource(self, does_only: list[Mention]) -> list[Mention]:
        """'A resource' in the text covers the effects naming every resource of the game one by one
        (a price for all seven, a production of any of them)."""
        resources = set(self.vocab.game.resources)
        named = {m.key[1] for m in self.does.mentions if m.key[0] == "noun" and m.key[1] in resources}
        if len(resources) < 2 or named != resources or not _RESOURCE_WORD.search(self.text):
            return does_only
        return [m for m in does_only if not (m.key[0] == "noun" and m.key[1] in resources)]

    def _directions(self) -> None:
        """A comparison or a superlative the text turns round: 'more' where the effects test 'less',
        'most expensive' where they keep the fewest."""
        said = {d for d, words in _DIRECTIONS.items() if words.search(self.text)}
        done = {d for d, words in _DIRECTIONS.items() for r in self.rendered_text if words.search(r)}
        if len(said) == 1 and done and not said & done:
            (direction,) = said
            match = _DIRECTIONS[direction].search(self.text)
            assert match is not None
            self.findings.append(
                Finding(
                    f'text says "{match.group(0)}"; the effects compare the other way ({" or ".join(sorted(done))})',
                    match.start(),
                    match.end(),
                    hint="turn the comparison round in the text or in the effects",
                )
            )

    def _discards(self) -> None:
        """'Discard' in the text where no effect puts a card in a discard pile (a card moved to the
        bottom of a deck, say)."""
        match = _DISCARD.search(self.text)
        if match is None or any(_DISCARD.search(r) for r in self.rendered_text):
            return
        if any(e.on is None for e in self.card.effects) and not any(e.on is not None for e in self.card.effects):
            return  # a standing effect may read a discard as its trigger's wording
        self.findings.append(
            Finding(
                f'text says "{match.group(0)}"; no effect puts a card in a discard pile',
                match.start(),
                match.end(),
                hint="say where the card goes, or move it to the discard pile",
            )
        )

    def _swap_for(self, does: Mention, said_only: list[Mention]) -> Mention | None:
        """The one word of the text that stands where the effects have `does`: the one name of its kind
        only the text has, or else the one the text has only by the card's fields (a cost's meat where
        the effects give fish)."""
        mine = [m for m in said_only if m.key[0] == does.key[0]]
        if not mine and does.key[0] != "card":
            said_keys, does_keys = self.said.keys(), self.does.keys()
            mine = list(
                {
                    m.key: m
                    for m in reversed(self.said.mentions)
                    if m.key[0] == does.key[0] and not self._skip(m, said_keys, does_keys)
                }.values()
            )
        return mine[0] if len(mine) == 1 else None

    def _swapped(self, said: Mention, does: Mention) -> None:
        index = self.effect_of(does.key)
        number = does.number if does.number is not None and not does.weak else None
        self.findings.append(
            Finding(
                f'text says "{said.phrase}" where the effects have {self.label(does.key, number)}',
                said.start,
                said.end,
                index,
                hint="change the word in the text or in the effects",
            )
        )

    def _unsaid(self, m: Mention) -> None:
        if m.number is not None and not m.weak:
            message = f"effects give {self.label(m.key, m.number)}; the text does not mention {self.label(m.key)}"
        else:
            message = f"the effects involve {self.label(m.key)}; the text does not mention it"
        index = self.effect_of(m.key)
        self.findings.append(
            Finding(
                message,
                None,
                None,
                index,
                hint=f'rendered from the effects: "{self.en.effect(self.card.effects[index or 0])}"',
            )
        )

    def _numbers_said(self) -> None:
        """Numbers the text binds to a noun, against the numbers the effects bind to it."""
        for m in self.said.mentions:
            if m.number is None or m.weak or m.key in self.reported or m.key[0] == "rel":
                continue  # 'a coin', 'each card': read as one, but the text claims no number
            theirs = self.does.numbers_of(m.key, strong=False)
            if m.number in theirs or (m.key, m.number) in self.allowed.pairs or self._field_number(m, theirs):
                continue
            start, end = m.number_at or (m.start, m.end)
            if theirs:
                given = " or ".join(str(n) for n in sorted(theirs))
                message = f"text says {self.label(m.key, m.number)}; effects give {given}"
            elif m.number != 1 and m.number not in self.effect_numbers:
                message = f"text says {self.label(m.key, m.number)}; the effects have no {m.number}"
            else:
                continue
            self.findings.append(Finding(message, start, end, self.effect_of(m.key), hint=_AGREE))

    def _field_number(self, m: Mention, theirs: set[int]) -> bool:
        """'Costs at least 5 coins at auction ... take 3 coins': a number of the card's own fields, told
        beside every number the effects give the same noun."""
        return m.number in self.allowed.numbers and bool(theirs) and theirs <= self.said.numbers_of(m.key)

    def _numbers_done(self) -> None:
        """Numbers the effects bind to a noun that the text never states."""
        said_numbers = self.said.all_numbers()
        for index, r in enumerate(self.rendered):
            for m in r.mentions:
                if m.number is None or m.weak or m.number == 1 or m.key in self.reported or m.key[0] == "rel":
                    continue
                if m.number in said_numbers or self.said.numbers_of(m.key, strong=False):
                    continue  # stated, or already reported from the text's side
                self.reported.add(m.key)
                self.findings.append(
                    Finding(
                        f"effects give {self.label(m.key, m.number)}; the text does not say {m.number}",
                        None,
                        None,
                        index,
                        hint="state the number in the text, or change the effects",
                    )
                )

    def _optional(self) -> None:
        """An effect the player may decline, told as something the player must do."""
        optional = next(
            (i for i, e in enumerate(self.card.effects) if _OPTIONAL_EFFECT.search(self.en.effect(e))), None
        )
        if optional is not None and not OPTIONAL_WORDS.search(self.text):
            self.findings.append(
                Finding(
                    "the effects let the player decline; the text says it always happens",
                    None,
                    None,
                    optional,
                    hint="say 'you may' in the text, or make the effect mandatory",
                )
            )

    def _loose_numbers(self) -> None:
        """Numbers standing alone in the text."""
        for n, start, end in self.said.loose:
            if (
                n in (0, 1)
                or n in self.effect_numbers
                or names_field(self.text, start, end, self.allowed.numbers.get(n))
            ):
                continue
            if word_before(self.text, start).lower() in COUNTING:
                continue
            self.findings.append(Finding(f"text says {n}; the effects have no {n}", start, end, hint=_AGREE))


def _named(reading: Reading, effect: Effect, vocab: Vocabulary) -> tuple[Reading, set[Key]]:
    """The mentions of nouns an effect's English makes that its data names (or that the game's trade
    and build imply: their currency), and the keys of the others: a counter whose name or label a
    primitive's own wording happens to spell ('buildings on the board' in 'your buildings on the
    board', a counter 'builds' in 'build a card') is not the effect's."""
    names = set(_strings(effect.model_dump(by_alias=True, exclude_none=True)))
    game = vocab.game
    names |= {game.build.currency} | ({game.trade.currency} if game.trade is not None else set())
    # a name's words name nouns too: a rule number 'priest_population' reads 'the priest population value'
    stems = {word.rstrip("s") for name in names for word in name.split("_")}
    kept = [m for m in reading.mentions if m.key[0] != "noun" or m.key[1] in names or _stem(m.key[1]) in stems]
    if len(kept) == len(reading.mentions):
        return reading, set()
    return Reading(kept, reading.loose), {m.key for m in reading.mentions} - {m.key for m in kept}


def _stem(name: str) -> str:
    return name.rstrip("s") if "_" not in name else name


def _strings(node: object) -> list[str]:
    """Every name a model dump holds, keys and values."""
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(node, list):
        return [s for item in node for s in _strings(item)]
    return [node] if isinstance(node, str) else []


def compare(card: Card, vocab: Vocabulary, en: English) -> list[Finding]:
    """Every disagreement between the card's text and its effects (or its fields, without effects)."""
    if not (card.text or "").strip():
        return []
    if not card.effects:
        return compare_fields(card, vocab, en)
    return _Comparison(card, vocab, en).run()
