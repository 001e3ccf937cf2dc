"""Card text against effects: every number and every noun one side has and the other lacks.

Both sides are read by the same extractor: the designer's `text`, and the English the effects
render to (compiler/english.py), so a primitive's implicit nouns (a trade price's currency, who may
buy production) are compared as well. The extractor knows the game's vocabulary from game.yaml:
resources, counters, globals and tracks (by name, label, aliases and singular/plural), card
names (as capitalised in the data), the values of choice fields (colours, deities, ...) and the
player relations ('left', 'neighbours', 'opponents', ...). A number binds to the noun that follows
it within a few words ("two victory points", "1 coin for each"); number words count.

Findings are W501 warnings (errors under --strict), reported at the line of the text where the
word stands, or at the start of the text when the text lacks something, with a note at the effect.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ...compiled import CompiledGame
from ...diagnostics import Diagnostic, Related
from ...outputs.english import English
from ..load.loader import Document, line_col, offset_of
from ..validate.models import Card, Game

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "twenty": 20, "twice": 2, "double": 2, "single": 1,
}
WEAK_ONE = {"a", "an", "each", "per", "every"}  # bind a noun as 1 without being a number of the text
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
# Words a number may stand apart from its noun by: "two more victory points", "one of your coins".
BRIDGE = {"more", "extra", "additional", "different", "other", "of", "your", "their", "own", "free", "new",
          "fewer", "less", "whole", "science", "symbol", "symbols", "x", "×", "the"}
MAX_GAP = 3
# Units of measure: their numbers are compared ('2 spaces' against '3 spaces'), their mention is not.
UNITS = {"space": ["space"], "marker": ["marker", "progress marker"]}
# A number after these counts things the text names, not an amount: 'the other two', 'both'.
COUNTING = {"the", "other", "all", "these", "those"}
BUILTIN_PLAYERS = {
    "opponents": ["opponent", "opponents", "other player", "other players", "each other player"],
    "all": ["every player", "each player", "all players", "all the players", "everyone"],
}

# Words by which a text leaves an effect to the player: an optional effect's text must have one.
OPTIONAL_WORDS = re.compile(r"\b(may|can|if you wish|optional(?:ly)?|up to|choose|chooses)\b", re.IGNORECASE)
_OPTIONAL_EFFECT = re.compile(r"\byou may\b")

_TOKEN = re.compile(r"[A-Za-z\u00C0-\u024F\u0370-\u03FF]+(?:['’][A-Za-z]+)?['’]?|\d+|[.;:!?()]")


@dataclass(frozen=True)
class Token:
    text: str      # as written, possessive stripped
    lower: str
    start: int     # offset in the text
    end: int


@dataclass(frozen=True)
class Mention:
    key: tuple[str, str]   # (category, name): ("noun", "points"), ("card", "altar"), ("rel", "left"), ...
    phrase: str            # the words as written
    start: int
    end: int
    number: int | None = None   # the number bound to it
    weak: bool = False          # the number was 'a'/'an'/'each' (1 only as a reading, never required)
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
        return {m.number for m in self.mentions if m.number is not None and not m.weak} | {n for n, _s, _e in self.loose}


def _tokens(text: str) -> list[Token]:
    out = []
    for m in _TOKEN.finditer(text):
        word = m.group(0)
        stripped = re.sub(r"['’](s)?$", "", word) if not word.isdigit() else word
        out.append(Token(stripped, stripped.lower(), m.start(), m.start() + len(stripped)))
    return out


def _variants(phrase: str) -> set[str]:
    """A phrase and its singular and plural forms (on the last word)."""
    phrase = " ".join(phrase.lower().replace("_", " ").split())
    if not phrase:
        return set()
    out = {phrase}
    head, _, last = phrase.rpartition(" ")
    pre = head + " " if head else ""
    if last.endswith("ies"):
        out.add(pre + last[:-3] + "y")
    elif last.endswith(("ses", "xes", "ches", "shes")):
        out.add(pre + last[:-2])
    elif last.endswith("s") and not last.endswith("ss") and len(last) > 3:
        out.add(pre + last[:-1])
    if last.endswith("y") and len(last) > 2 and last[-2] not in "aeiou":
        out.add(pre + last[:-1] + "ies")
    elif last.endswith(("s", "x", "ch", "sh")):
        out.add(pre + last + "es")
    else:
        out.add(pre + last + "s")
    if "neighbour" in last:
        out |= {v.replace("neighbour", "neighbor") for v in set(out)}
    return out


class Vocabulary:
    """Phrases of one game mapped to what they name, longest first."""

    def __init__(self, game: Game, cards: dict[str, Card]) -> None:
        self.game = game
        self.cards = cards
        self.phrases: dict[tuple[str, ...], tuple[str, str]] = {}
        self.case_sensitive: dict[tuple[str, ...], tuple[str, ...]] = {}  # card names: as written
        self.labels: dict[tuple[str, str], str] = {}
        self.unions: dict[str, list[str]] = {}
        self.members: dict[str, list[str]] = {}
        nouns: list[tuple[str, Any]] = []
        for table in (game.resources, game.counters, game.globals, game.tracks):
            nouns += list(table.items())
        # Cards first, nouns last: a noun wins over a card of the same name ('loom').
        for card_id, card in cards.items():
            self._add_card(card_id, card.name)
        for name, values in self._choice_values():
            for value in values:
                if isinstance(value, str) and len(value) >= 3 and value.isalpha():
                    self._add(("value", value), _variants(value), value)
        self._relations()
        for unit, phrases in UNITS.items():
            for phrase in phrases:
                self._add(("unit", unit), _variants(phrase), phrase)
        for name, spec in nouns:
            label = getattr(spec, "label", None) or name.replace("_", " ")
            words = {name.replace("_", " "), label} | set(getattr(spec, "aliases", None) or [])
            phrases = set()
            for w in words:
                phrases |= _variants(w)
            self._add(("noun", name), phrases, label)
        self.longest = max((len(p) for p in self.phrases), default=1)

    def _choice_values(self) -> Iterable[tuple[str, list]]:
        for kind in self.game.kinds.values():
            for name, spec in kind.fields.items():
                if spec.type == "choice" and spec.values:
                    yield name, spec.values

    def _add(self, key: tuple[str, str], phrases: Iterable[str], label: str) -> None:
        self.labels.setdefault(key, label)
        for phrase in phrases:
            words = tuple(t.lower for t in _tokens(phrase) if t.lower not in ".;:!?()")
            if words:
                self.phrases[words] = key
                self.case_sensitive.pop(words, None)

    def _add_card(self, card_id: str, name: str) -> None:
        tokens = tuple(t.text for t in _tokens(name) if t.lower not in ".;:!?()")
        if not tokens or not any(ch.isupper() for ch in name):
            return
        lower = tuple(t.lower() for t in tokens)
        self.phrases[lower] = ("card", card_id)
        self.case_sensitive[lower] = tokens
        self.labels[("card", card_id)] = name

    def _relations(self) -> None:
        rel = self.game.relations
        for name, value in rel.items():
            if isinstance(value, list):
                self.unions[name] = list(value)
                for part in value:
                    self.members.setdefault(part, []).append(name)
        for name, value in rel.items():
            label = name.replace("_", " ")
            if isinstance(value, list):
                self._add(("rel", name), _variants(label), label)
            else:
                phrases = set()
                for union in self.members.get(name, []):
                    for u in _variants(union.replace("_", " ")):
                        phrases |= {f"{label} {u}", f"{u} on your {label}", f"{u} to your {label}", f"{u} to the {label}",
                                    f"{u} on the {label}", f"player on your {label}", f"player to your {label}"}
                phrases.add(f"player on your {label}")
                phrases.add(f"player to your {label}")
                self._add(("rel", name), phrases, f"{label} {self._singular(self.members.get(name, ['player'])[0])}")
        for name, phrases in BUILTIN_PLAYERS.items():
            self._add(("rel", name), phrases, phrases[0])

    @staticmethod
    def _singular(word: str) -> str:
        word = word.replace("_", " ")
        return word[:-1] if word.endswith("s") and not word.endswith("ss") else word

    # reading ----------------------------------------------------------------------------------
    def read(self, text: str) -> Reading:
        tokens = _tokens(text)
        reading = Reading()
        pending: list[tuple[int, int, int, bool, int]] = []  # (number, start, end, weak, token index)
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            match = self._match(tokens, i)
            if match is not None:
                key, length = match
                start, end = tok.start, tokens[i + length - 1].end
                number = weak = at = None
                if pending and i - pending[-1][4] - 1 <= MAX_GAP:
                    n, s, e, w, _idx = pending.pop()
                    number, weak, at = n, w, (s, e)
                for n, s, e, w, _idx in pending:
                    if not w:
                        reading.loose.append((n, s, e))
                pending = []
                if key[0] == "rel":
                    number = weak = at = None  # 'your two neighbours': a count of people, not an amount
                elif key[0] == "card" and number is not None:
                    if not weak:
                        reading.loose.append((number, at[0], at[1]))  # 'stage 2 of the Alexandria board'
                    number = weak = at = None
                reading.mentions.append(Mention(key, text[start:end], start, end, number, bool(weak), at))
                i += length
                continue
            value = self._number(tok)
            if value is not None:
                for n, s, e, w, _idx in pending:
                    if not w:
                        reading.loose.append((n, s, e))
                pending = [(value, tok.start, tok.end, tok.lower in WEAK_ONE, i)]
            elif tok.lower in ".;:!?()" or (pending and tok.lower not in BRIDGE):
                for n, s, e, w, _idx in pending:
                    if not w:
                        reading.loose.append((n, s, e))
                pending = []
            i += 1
        for n, s, e, w, _idx in pending:
            if not w:
                reading.loose.append((n, s, e))
        return reading

    @staticmethod
    def _number(tok: Token) -> int | None:
        if tok.lower.isdigit():
            return int(tok.lower)
        if tok.lower in NUMBER_WORDS:
            return NUMBER_WORDS[tok.lower]
        if tok.lower in WEAK_ONE:
            return 1
        if tok.text in ROMAN and tok.text.isupper():
            return ROMAN[tok.text]
        return None

    def _match(self, tokens: list[Token], i: int) -> tuple[tuple[str, str], int] | None:
        for length in range(min(self.longest, len(tokens) - i), 0, -1):
            words = tuple(t.lower for t in tokens[i:i + length])
            key = self.phrases.get(words)
            if key is None:
                continue
            written = self.case_sensitive.get(words)
            if written is not None and tuple(t.text for t in tokens[i:i + length]) != written:
                continue
            return key, length
        return None


# ------------------------------------------------------------------------------ comparison

@dataclass
class Finding:
    message: str
    start: int | None = None       # offset in the card text, None: the text as a whole
    end: int | None = None
    effect: int | None = None      # index of the effect concerned
    hint: str = ""


def _card_allowances(card: Card, vocab: Vocabulary, game: Game) -> tuple[set, dict[int, set[str]], set[tuple]]:
    """What a text may mention beyond the effects: the card itself and its own fields."""
    # The card itself, and game-wide counters ('each age', 'this round'), which texts use for timing.
    keys: set = {("card", card.id)} | {("noun", name) for name in game.globals}
    numbers: dict[int, set[str]] = {}  # a number of an int field -> the words naming that field
    pairs: set[tuple] = set()
    kind = game.kinds.get(card.kind)
    for name, value in card.fields.items():
        spec = kind.fields.get(name) if kind else None
        ftype = spec.type if spec else None
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            numbers.setdefault(value, set()).update(_variants(name.replace("_", " ").split()[-1]))
            noun = vocab.phrases.get(tuple(name.split("_")))
            if noun and noun[0] == "noun":
                pairs.add((noun, value))
                keys.add(noun)
        elif isinstance(value, str):
            keys.add(("value", value))
            if ftype == "noun":
                keys.add(("noun", value))
            if value in vocab.cards:
                keys.add(("card", value))
        elif isinstance(value, dict):
            for noun, n in value.items():
                keys.add(("noun", noun))
                if isinstance(n, int):
                    pairs.add((("noun", noun), n))
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, str):
                    keys.add(("card", item))
                    keys.add(("value", item))
    return keys, numbers, pairs


def _relation_ok(key: tuple[str, str], other: set, vocab: Vocabulary) -> bool:
    """A union relation ('neighbours') is matched by any of its members and the reverse."""
    name = key[1]
    if key in other:
        return True
    if name in vocab.unions:
        return any(("rel", m) in other for m in vocab.unions[name])
    return any(("rel", u) in other for u in vocab.members.get(name, []))


def compare_fields(card: Card, vocab: Vocabulary, en: English) -> list[Finding]:
    """A card without effects: its text against its fields. Every amount the fields give (a cost's
    units, or how many choice fields show a noun, such as a tile's symbols) is stated with its
    number, every card a ref/refs field names is named, and the text names no other card and gives
    no other noun a number."""
    text = card.text or ""
    kind = vocab.game.kinds.get(card.kind)
    if kind is None:
        return []
    said = vocab.read(text)
    amounts: dict[tuple[str, str], int] = {}
    named: set[str] = set()  # card names: several cards may share one (four roads of one name)
    for name, value in card.fields.items():
        spec = kind.fields.get(name)
        if spec is None:
            continue
        if spec.type == "cost" and isinstance(value, dict):
            for noun, n in value.items():
                if isinstance(n, int) and n > 0:
                    amounts[("noun", noun)] = amounts.get(("noun", noun), 0) + n
        elif spec.type == "choice" and isinstance(value, str) and value in vocab.game.resources:
            amounts[("noun", value)] = amounts.get(("noun", value), 0) + 1
        elif spec.type in ("ref", "refs"):
            refs = [value] if isinstance(value, str) else list(value or [])
            named |= {vocab.cards[r].name for r in refs if isinstance(r, str) and r in vocab.cards}
    names_cards = any(spec.type in ("ref", "refs") for spec in kind.fields.values())
    findings: list[Finding] = []
    reported: set = set()

    def label(key, n):
        # a label of its own ('water card') counts; a bare resource name ('grain') is a mass noun
        word = vocab.labels.get(key, key[1].replace("_", " "))
        return f"{n} {word}" if n == 1 or word == key[1].replace("_", " ") or word.endswith("s") else f"{n} {word}s"

    for m in said.mentions:
        if m.key in reported:
            continue
        if m.key in amounts:
            if m.number is not None and not m.weak and m.number != amounts[m.key]:
                reported.add(m.key)
                start, end = m.number_at or (m.start, m.end)
                findings.append(Finding(f"text says {label(m.key, m.number)}; the card's fields give {amounts[m.key]}", start, end,
                                        hint="change the number in the text or in the fields so that they agree"))
        elif m.key[0] == "noun" and m.number is not None and not m.weak and m.key[1] in vocab.game.resources:
            reported.add(m.key)
            findings.append(Finding(f"text says {label(m.key, m.number)}; the card's fields give none", m.start, m.end,
                                    hint="remove it from the text, or add it to the fields"))
        elif m.key[0] == "card" and names_cards:  # only a kind that can name cards is held to it
            shown = vocab.cards[m.key[1]].name if m.key[1] in vocab.cards else m.key[1]
            if shown != card.name and shown not in named:
                reported.add(m.key)
                findings.append(Finding(f"text mentions {shown}; the card's fields do not name it", m.start, m.end,
                                        hint="remove it from the text, or name it in the card's fields"))
    said_keys = said.keys()
    # A text that states amounts states them all; one that states none (the cost is printed apart) is not held to it.
    if any(key in said_keys for key in amounts):
        for key, n in sorted(amounts.items()):
            if key not in said_keys:
                findings.append(Finding(f"the card's fields give {label(key, n)}; the text does not mention {vocab.labels.get(key, key[1])}",
                                        hint="state it in the text"))
    for name in sorted(n for n in named if not re.search(r"(?<![A-Za-z])" + re.escape(n) + r"(?![A-Za-z])", text)):
        findings.append(Finding(f"the card's fields name {name}; the text does not mention it", hint="name it in the text"))
    return findings


def compare(card: Card, vocab: Vocabulary, en: English) -> list[Finding]:
    text = card.text or ""
    if not text.strip():
        return []
    if not card.effects:
        return compare_fields(card, vocab, en)
    said = vocab.read(text)
    rendered = [vocab.read(en.effect(e)) for e in card.effects]
    does = Reading([m for r in rendered for m in r.mentions], [n for r in rendered for n in r.loose])
    allowed_keys, allowed_numbers, allowed_pairs = _card_allowances(card, vocab, vocab.game)
    effect_numbers = does.all_numbers() | {m.number for m in does.mentions if m.number is not None}
    findings: list[Finding] = []
    said_keys, does_keys = said.keys(), does.keys()

    def label(key: tuple[str, str], n: int | None = None) -> str:
        word = vocab.labels.get(key, key[1].replace("_", " "))
        if key[0] == "noun" and n is not None:
            return en.quantity(n, key[1])
        if key[0] == "unit" and n is not None:
            return f"{n} {word}{'s' if n != 1 else ''}"
        return word

    def effect_of(key: tuple[str, str]) -> int | None:
        for index, r in enumerate(rendered):
            if key in r.keys():
                return index
        return None

    # Nouns the text mentions that the effects lack.
    reported: set = set()
    for m in said.mentions:
        if m.key in does_keys or m.key in allowed_keys or m.key in reported or m.key[0] == "unit":
            continue
        if m.key[0] == "rel" and _relation_ok(m.key, does_keys, vocab):
            continue
        reported.add(m.key)
        findings.append(Finding(f"text mentions {label(m.key)}; the effects do not", m.start, m.end,
                                hint="remove it from the text, or add it to the effects"))
    # Nouns the effects involve that the text lacks.
    for m in does.mentions:
        if m.key in said_keys or m.key in reported or m.key[0] == "unit":
            continue
        if m.key[0] == "rel" and _relation_ok(m.key, said_keys, vocab):
            continue
        reported.add(m.key)
        if m.number is not None and not m.weak:
            message = f"effects give {label(m.key, m.number)}; the text does not mention {label(m.key)}"
        else:
            message = f"the effects involve {label(m.key)}; the text does not mention it"
        findings.append(Finding(message, None, None, effect_of(m.key),
                                hint=f"rendered from the effects: \"{en.effect(card.effects[effect_of(m.key) or 0])}\""))
    # Numbers bound to a noun on both sides.
    for m in said.mentions:
        if m.number is None or m.key in reported or m.key[0] == "rel":
            continue
        theirs = does.numbers_of(m.key, strong=False)
        if m.number in theirs or (m.key, m.number) in allowed_pairs:
            continue
        if m.weak:
            continue  # 'a coin', 'each card': read as one, but the text claims no number
        start, end = m.number_at or (m.start, m.end)
        if theirs:
            given = " or ".join(str(n) for n in sorted(theirs))
            findings.append(Finding(f"text says {label(m.key, m.number)}; effects give {given}", start, end, effect_of(m.key),
                                    hint="change the number in the text or in the effects so that they agree"))
        elif m.number != 1 and m.number not in effect_numbers:
            findings.append(Finding(f"text says {label(m.key, m.number)}; the effects have no {m.number}", start, end, effect_of(m.key),
                                    hint="change the number in the text or in the effects so that they agree"))
    # Numbers the effects bind to a noun that the text never states.
    said_numbers = said.all_numbers()
    for index, r in enumerate(rendered):
        for m in r.mentions:
            if m.number is None or m.weak or m.number == 1 or m.key in reported or m.key[0] == "rel":
                continue
            if m.number in said_numbers:
                continue
            mine = said.numbers_of(m.key, strong=False)
            if mine:
                continue  # already reported from the text's side
            reported.add(m.key)
            findings.append(Finding(f"effects give {label(m.key, m.number)}; the text does not say {m.number}", None, None, index,
                                    hint="state the number in the text, or change the effects"))
    # An effect the player may decline, told as something the player must do.
    optional = next((i for i, e in enumerate(card.effects) if _OPTIONAL_EFFECT.search(en.effect(e))), None)
    if optional is not None and not OPTIONAL_WORDS.search(text):
        findings.append(Finding("the effects let the player decline; the text says it always happens", None, None, optional,
                                hint="say 'you may' in the text, or make the effect mandatory"))
    # Numbers standing alone in the text.
    for n, start, end in said.loose:
        if n in (0, 1) or n in effect_numbers or _names_field(text, start, end, allowed_numbers.get(n)):
            continue
        if _word_before(text, start).lower() in COUNTING:
            continue
        findings.append(Finding(f"text says {n}; the effects have no {n}", start, end,
                                hint="change the number in the text or in the effects so that they agree"))
    return findings


def _names_field(text: str, start: int, end: int, words: set[str] | None) -> bool:
    """'stage 2', 'age 1': a number next to the name of the card's own field holding it."""
    if not words:
        return False
    before = [w for w in (_word_before(text, start),) if w]
    after = re.findall(r"[A-Za-z]+", text[end:end + 40])[:1]
    return any(w.lower() in words for w in before + after)


def _ascii_letter(ch: str) -> bool:
    return "a" <= ch <= "z" or "A" <= ch <= "Z"


def _word_before(text: str, start: int) -> str:
    """The last run of ASCII letters before `start` ('' if none): read backwards from `start`, not by
    splitting the whole text before it again for every number (which made long texts quadratic)."""
    end = start
    while end > 0 and not _ascii_letter(text[end - 1]):
        end -= 1
    begin = end
    while begin > 0 and _ascii_letter(text[begin - 1]):
        begin -= 1
    return text[begin:end]


# ------------------------------------------------------------------------------ locations

def _entity_prefix(doc: Document, card_id: str) -> tuple:
    if isinstance(doc.data, list):
        for i, item in enumerate(doc.data):
            if isinstance(item, dict) and item.get("id") == card_id:
                return (i,)
    return ()


def _offset_of(doc: Document, line: int, column: int) -> int:
    return offset_of(doc.text, line, column)


def _line_col(doc: Document, offset: int) -> tuple[int, int]:
    return line_col(doc.text, offset)


_WORD = re.compile(r"\S+")
_SLACK = 256  # what may lie between two words of a text in the file: a line break and its indentation
_OPENING = frozenset(" \t\r\n\"'>|+-0123456789")  # before the first word: quotes, block indicators


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
        pos = _offset_of(doc, self.line, self.col)
        source = doc.text
        strict = True
        for i, match in enumerate(_WORD.finditer(text)):
            word = match.group()
            at = source.find(word, pos, pos + _SLACK + len(word))
            allowed = _OPENING if i == 0 else frozenset(" \t\r\n")
            if at >= 0 and strict and not set(source[pos:at]) <= allowed:
                at = -1
            self.starts.append(match.start())
            self.places.append(at if at >= 0 else None)
            strict = at >= 0
            if at >= 0:
                pos = at + len(word)

    def locate(self, start: int) -> tuple[int, int]:
        """The file position of the text's offset `start` (the text's own position if unknown)."""
        index = bisect_right(self.starts, start) - 1
        if index < 0 or self.places[index] is None:
            return self.line, self.col
        return _line_col(self.doc, self.places[index] + start - self.starts[index])


def locate(doc: Document, prefix: tuple, text: str, start: int, end: int) -> tuple[int, int]:
    """The file position of text[start:end]: the same words in the source (see TextMap)."""
    return TextMap(doc, prefix, text).locate(start)


def check_text(game: CompiledGame, documents: dict[str, Document], check_card: Callable | None = None) -> list[Diagnostic]:
    """Every card's text. `check_card` (default check_card_text) checks one card's; the cache wraps it."""
    vocab = Vocabulary(game.game, game.cards)
    en = English(game.game, game.cards)
    out: list[Diagnostic] = []
    for card_id in game.cards:
        out += (check_card or check_card_text)(game, card_id, documents, vocab, en)
    return out


def check_card_text(game: CompiledGame, card_id: str, documents: dict[str, Document], vocab: Vocabulary, en: English) -> list[Diagnostic]:
    """One card's text against its effects. Reads other cards only through vocab and en, which hold
    their ids and names (the cache in cache.py relies on this: keep it so, or widen its key)."""
    out: list[Diagnostic] = []
    card = game.cards[card_id]
    source = game.sources[card_id]
    doc = documents.get(source.file)
    if doc is not None:
        prefix = _entity_prefix(doc, card_id)
        try:
            found = compare(card, vocab, en)
        except Exception as exc:  # noqa: BLE001 - one card's oddity must not stop the whole check
            line, col = doc.where(prefix + ("text",))
            out.append(Diagnostic("E901", f"{card.name}: the text check failed: {type(exc).__name__}: {exc}", doc.file, line, col,
                                  "please report this with the card that caused it", "text"))
            return out
        words = TextMap(doc, prefix, card.text) if any(f.start is not None for f in found) else None
        for f in found:
            if words is not None and f.start is not None:
                line, col = words.locate(f.start)
            else:
                line, col = doc.where(prefix + ("text",))
            related: tuple[Related, ...] = ()
            if f.effect is not None:
                el, ec = doc.where(prefix + ("effects", f.effect))
                related = (Related(doc.file, el, ec, "the effect concerned"),)
            out.append(Diagnostic("W501", f"{card.name}: {f.message}", doc.file, line, col, f.hint, "text", related))
    return out
