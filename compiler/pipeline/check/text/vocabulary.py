"""A game's names as the phrases a card text may use for them.

Resources, counters, globals and tracks (by name, label, aliases and singular/plural), card names
(as capitalised in the data), the values of choice fields (colours, deities, ...), units of
measure and the player relations ('left', 'neighbours', 'opponents', ...). Each phrase maps to a
key (category, name): ("noun", "points"), ("card", "altar"), ("rel", "left"), ("value", "grey")."""

from __future__ import annotations

from collections.abc import Iterable

from ....model.game import Card, Game
from .words import BUILTIN_PLAYERS, PUNCTUATION, UNITS, Token, tokens, variants, words_of

Key = tuple[str, str]


def _singular(word: str) -> str:
    word = word.replace("_", " ")
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


class Vocabulary:
    """Phrases of one game mapped to what they name, longest first."""

    def __init__(self, game: Game, cards: dict[str, Card]) -> None:
        self.game = game
        self.cards = cards
        self.phrases: dict[tuple[str, ...], Key] = {}
        self.case_sensitive: dict[tuple[str, ...], tuple[str, ...]] = {}  # card names: as written
        self.labels: dict[Key, str] = {}
        self.unions: dict[str, list[str]] = {}
        self.members: dict[str, list[str]] = {}
        self.card_words: dict[str, tuple[str, ...]] = {}  # card id -> its name as the reader matches it
        # Cards first, nouns last: a noun wins over a card of the same name ('loom').
        for card_id, card in cards.items():
            self._add_card(card_id, card.name)
        self._kinds()
        self._values()
        self._relations()
        for unit, phrases in UNITS.items():
            for phrase in phrases:
                self._add(("unit", unit), variants(phrase), phrase)
        self._nouns()
        # The lengths of the phrases each first word starts, longest first: match() tries only those.
        starts: dict[str, set[int]] = {}
        for words in self.phrases:
            starts.setdefault(words[0], set()).add(len(words))
        self.lengths = {word: sorted(lengths, reverse=True) for word, lengths in starts.items()}

    # building -----------------------------------------------------------------------------------
    def _add(self, key: Key, phrases: Iterable[str], label: str) -> None:
        self.labels.setdefault(key, label)
        for phrase in phrases:
            words = words_of(phrase)
            if words:
                self.phrases[words] = key
                self.case_sensitive.pop(words, None)

    def _add_card(self, card_id: str, name: str) -> None:
        written = tuple(t.text for t in _name_tokens(name))
        if not written or not any(ch.isupper() for ch in name):
            return
        lower = tuple(t.lower() for t in written)
        key = self.phrases.setdefault(lower, ("card", card_id))  # the first card of a name stands for all
        self.case_sensitive[lower] = written
        self.card_words[card_id] = lower
        self.labels[key] = name

    def _choice_values(self) -> Iterable[tuple[str, list]]:
        for kind in self.game.kinds.values():
            for name, spec in kind.fields.items():
                if spec.type == "choice" and spec.values:
                    yield name, spec.values

    def _kinds(self) -> None:
        """Kind names ('Temples you own'): read as kinds, never as a card of that name; not compared."""
        for name, kind in self.game.kinds.items():
            words = {name.replace("_", " ")} | {w for w in (kind.label, kind.plural) if w}
            self._add(("kind", name), {v for w in words for v in variants(w)}, kind.label or name.replace("_", " "))

    def _values(self) -> None:
        for _name, values in self._choice_values():
            for value in values:
                if isinstance(value, str) and len(value) >= 3 and value.replace("_", "").isalpha():
                    self._add(("value", value), variants(value), value.replace("_", " "))

    def _nouns(self) -> None:
        game = self.game
        for table in (game.resources, game.counters, game.globals, game.tracks):
            for name, spec in table.items():
                label = getattr(spec, "label", None) or name.replace("_", " ")
                names = {name.replace("_", " "), label} | set(getattr(spec, "aliases", None) or [])
                self._add(("noun", name), {v for w in names for v in variants(w)}, label)
                for short in _initials(label):  # 'VP', as written: 'go' is not 'game over'
                    self.phrases.setdefault((short.lower(),), ("noun", name))
                    self.case_sensitive.setdefault((short.lower(),), (short,))

    def _relations(self) -> None:
        rel = self.game.relations
        for name, value in rel.items():
            if isinstance(value, list):
                self.unions[name] = list(value)
                for part in value:
                    self.members.setdefault(part, []).append(name)
        for name, value in rel.items():
            label = name.replace("_", " ")
            if isinstance(value, list):  # 'neighbours', 'your neighbouring cities'
                adjective = {v[:-1] + "ing" for v in variants(label) if v.endswith("s") and not v.endswith("ss")}
                self._add(("rel", name), variants(label) | adjective, label)
            else:
                self._add(
                    ("rel", name),
                    self._seat_phrases(name, label),
                    f"{label} {_singular(self.members.get(name, ['player'])[0])}",
                )
        for name, phrases in BUILTIN_PLAYERS.items():
            self._add(("rel", name), phrases, phrases[0])

    def _seat_phrases(self, name: str, label: str) -> set[str]:
        """'left neighbour', 'neighbour on your left', 'player to your left', ..."""
        phrases = {f"player on your {label}", f"player to your {label}"}
        for union in self.members.get(name, []):
            for u in variants(union.replace("_", " ")):
                phrases |= {
                    f"{label} {u}",
                    f"{u} on your {label}",
                    f"{u} to your {label}",
                    f"{u} to the {label}",
                    f"{u} on the {label}",
                }
        return phrases

    # matching -----------------------------------------------------------------------------------
    def match(self, toks: list[Token], i: int) -> tuple[Key, int] | None:
        """The longest phrase starting at token i: its key and its length in tokens."""
        room = len(toks) - i
        for length in self.lengths.get(toks[i].lower, ()):
            if length > room:
                continue
            words = tuple(t.lower for t in toks[i : i + length])
            key = self.phrases.get(words)
            if key is None:
                continue
            written = self.case_sensitive.get(words)
            if written is not None and tuple(t.text for t in toks[i : i + length]) != written:
                continue
            return key, length
        return None

    def card_key(self, card_id: str) -> Key:
        """What a text mentions when it names a card: its name as read, so that the four Roads (road_1 ...
        road_4) are one mention, and a card named as a noun or a field value ('Mint') is that."""
        words = self.card_words.get(card_id)
        return self.phrases.get(words, ("card", card_id)) if words else ("card", card_id)

    def label(self, key: Key) -> str:
        return self.labels.get(key, key[1].replace("_", " "))

    def relation_ok(self, key: Key, mine: set, other: set) -> bool:
        """A relation one side names is matched on the other by itself, a union ('neighbours') by all its
        members, and a member ('left') by a union holding it when this side names the whole union too
        ('your neighbours, the left one first'): 'your left neighbour' alone is not 'your neighbours'."""
        name = key[1]
        if key in other:
            return True
        if name in self.unions:
            return all(("rel", m) in other for m in self.unions[name])
        return any(
            ("rel", u) in other and (("rel", u) in mine or all(("rel", m) in mine for m in self.unions[u]))
            for u in self.members.get(name, [])
        )


def _name_tokens(name: str) -> list[Token]:
    return [t for t in tokens(name) if t.lower not in PUNCTUATION]


def _initials(label: str) -> set[str]:
    """'VP' and 'VPs' for 'victory points': a label of two words or more by its initials."""
    words = label.split()
    if len(words) < 2 or not all(w[:1].isalpha() for w in words):
        return set()
    short = "".join(w[0] for w in words).upper()
    return {short, short + "s"}
