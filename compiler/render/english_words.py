"""The words of a game: names with its labels and plurals, card names, params, quantities ("1 victory
point", "3 coins") and player sets as people ("each opponent", "your left neighbour"). english.py
builds sentences of effects on these."""

from __future__ import annotations

from typing import Any

from ..lang.types import as_list
from ..model.compiled import modified_params

_SPECIAL_PLAYERS = {
    "self": "you",
    "owner": "the card's owner",
    "all": "every player",
    "everyone": "every player",
    "opponents": "your opponents",
    "others": "the other players",
    "target": "the targeted player",
}
_EACH_PLAYER = {
    "all": "each player",
    "everyone": "each player",
    "opponents": "each opponent",
    "others": "each other player",
}
_LIMITS = {
    "once_per_round": "once per round",
    "once_per_age": "once per age",
    "once_per_game": "once per game",
    "once_per_build": "once per build",
}


class Words:
    """Renders names with the game's labels; card ids become card names."""

    def __init__(self, game: Any = None, cards: dict | None = None) -> None:
        self.game = game
        self.cards = cards or {}

    # names ---------------------------------------------------------------
    def word(self, name: Any) -> str:
        name = str(name)
        if name in _LIMITS:
            return _LIMITS[name]
        g = self.game
        if g is not None:
            for table in (g.counters, g.resources, g.globals, g.tracks, g.zones, g.kinds):
                if name in table:
                    return getattr(table[name], "label", None) or name.replace("_", " ")
        if name in self.cards:
            return self.cards[name].name
        return name.replace("_", " ")

    def zone(self, name: Any, whose: str = "your") -> str:
        """A zone as a place: 'the discard pile' (shared), 'your hand' (a player's; `whose`: 'their',
        'the left neighbour's'), its label read as a noun, never as a bare word."""
        g = self.game
        label = self.word(name)
        shared = g is not None and name in g.zones and g.zones[name].shared
        article = next((a for a in ("the ", "a ", "an ") if label.lower().startswith(a)), None)
        if article is not None:  # a label with its own article ('the tile carrying the player's bid')
            return label if shared or g is None else f"{whose} {label[len(article) :]}"
        return f"the {label}" if shared or g is None else f"{whose} {label}"

    @staticmethod
    def symbol(name: Any) -> str:
        """A symbol a board's hexes show ('water'), as itself: never the label of a resource or card
        it shares a name with ('water card')."""
        return str(name).replace("_", " ")

    def words(self, names: Any, conjunction: str) -> str:
        items = [self.word(n) for n in as_list(names)]
        return self.join(items, conjunction)

    @staticmethod
    def join(items: list[str], conjunction: str) -> str:
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]

    def card_name(self, card_id: str) -> str:
        return self.cards[card_id].name if card_id in self.cards else card_id.replace("_", " ")

    def param(self, name: str) -> str:
        """A rule number: its value, when no card changes it (a player is told the number, not the
        name of a rule they cannot look up); else 'the discard coins value (normally 3)'."""
        base = self.param_base(name)
        if base is not None and not self._modified(name):
            return str(base)
        return self.param_name(name) + (f" (normally {base})" if base is not None else "")

    def _modified(self, name: str) -> bool:
        """Whether some card or rule of the game changes a rule number (a `modify` of it)."""
        found = getattr(self, "_modified_params", None)
        if found is None:
            found = self._modified_params = modified_params(self.cards, self.game.rules if self.game else [])
        return name in found

    def param_name(self, name: str) -> str:
        return f"the {name.replace('_', ' ')} value"

    def param_base(self, name: str) -> int | None:
        """A rule number's value in game.yaml, before any card modifies it."""
        if self.game is None or name not in self.game.params:
            return None
        return self.game.params[name]

    def _is_mass(self, noun: str) -> bool:
        """Resources are mass nouns: '2 wood', not '2 woods'."""
        return self.game is not None and noun in self.game.resources

    def singular(self, noun: str) -> str:
        label = self.word(noun)
        if self._is_mass(noun):
            return label
        if label.endswith("ies"):
            return label[:-3] + "y"
        if label.endswith("s") and not label.endswith(("ss", "us", "is")):
            return label[:-1]
        return label

    def quantity(self, n: int, noun: str) -> str:
        """'1 victory point', '3 coins', '2 wood'."""
        return f"{n} {self.singular(noun) if n == 1 else self.word(noun)}"

    def _relation_union(self, name: str) -> str | None:
        if self.game is None:
            return None
        for union, parts in self.game.relations.items():
            if isinstance(parts, list) and name in parts:
                return union
        return None

    def player(self, ref: str) -> str:
        if ref in _SPECIAL_PLAYERS:
            return _SPECIAL_PLAYERS[ref]
        relation = self.game.relations.get(ref) if self.game is not None else None
        if isinstance(relation, int):
            union = self._relation_union(ref)
            return (
                f"your {self.word(ref)} {self._singular_word(union)}"
                if union
                else f"the player on your {self.word(ref)}"
            )
        return f"your {self.word(ref)}"

    @staticmethod
    def _singular_word(word: str) -> str:
        word = word.replace("_", " ")
        return word[:-1] if word.endswith("s") and not word.endswith("ss") else word

    def _have(self, ref: Any) -> str:
        """'have' after 'you', 'your neighbours', 'you and ...'; 'has' after 'every player'."""
        who = self.players(ref)
        plural = who == "you" or " and " in who or (who.startswith(("your ", "the other")) and who.endswith("s"))
        return "have" if plural else "has"

    def players(self, ref: Any) -> str:
        return self.join([self.player(r) for r in as_list(ref)], "and")

    def each(self, ref: Any) -> str:
        """The subject of a for_each: 'each opponent', 'each neighbour', 'you and each neighbour'."""
        parts = []
        for r in as_list(ref):
            if r in _EACH_PLAYER:
                parts.append(_EACH_PLAYER[r])
            elif r == "self":
                parts.append("you")
            elif self.game is not None and isinstance(self.game.relations.get(r), list):
                parts.append(f"each {self._singular_word(r)}")
            else:
                parts.append(self.player(r))
        return self.join(parts, "and")
