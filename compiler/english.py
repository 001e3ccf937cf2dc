"""Plain-English rendering of effects, composed from each primitive's own `english`."""

from __future__ import annotations

from typing import Any

from .lang.registry import REGISTRY
from .lang.types import Selector, as_list

_SMALL = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


class English:
    """Renders names with the game's labels; card ids become card names."""

    def __init__(self, game: Any = None, cards: dict | None = None) -> None:
        self.game = game
        self.cards = cards or {}

    # names ---------------------------------------------------------------
    def word(self, name: Any) -> str:
        name = str(name)
        g = self.game
        if g is not None:
            for table in (g.counters, g.resources, g.globals, g.tracks, g.zones, g.kinds):
                if name in table and getattr(table[name], "label", None):
                    return table[name].label
        if name in self.cards:
            return self.cards[name].name
        return name.replace("_", " ")

    def words(self, names: Any, conjunction: str) -> str:
        items = [self.word(n) for n in as_list(names)]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]

    def card_name(self, card_id: str) -> str:
        return self.cards[card_id].name if card_id in self.cards else card_id.replace("_", " ")

    def param(self, name: str) -> str:
        return f"the {name.replace('_', ' ')}"

    def players(self, ref: Any) -> str:
        special = {"self": "you", "owner": "the card's owner", "all": "every player", "everyone": "every player",
                   "opponents": "your opponents", "others": "the other players"}
        parts = [special.get(r, f"your {self.word(r)} neighbour" if r in ("left", "right") else f"your {self.word(r)}") for r in as_list(ref)]
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + " and " + parts[-1]

    # values --------------------------------------------------------------
    def amount(self, amount: Any) -> str:
        if isinstance(amount, int):
            return str(amount)
        return REGISTRY["expression"][amount.key].english(amount.arg, self)

    def noun_amounts(self, amounts: dict) -> str:
        parts = []
        for noun, amount in amounts.items():
            text = self.amount(amount)
            parts.append(f"{text} {self.word(noun)}" if isinstance(amount, int) else f"{self.word(noun)} equal to {text}")
        return self.words(parts, "and") if len(parts) > 1 else "".join(parts)

    def noun_value(self, noun: str, of: Any) -> str:
        whose = "your" if of == "self" else f"{self.players(of)}'s"
        if self.game is not None and noun in self.game.globals:
            return f"the current {self.word(noun)}"
        if noun == "players":
            return "the number of players"
        return f"{whose} {self.word(noun)}"

    def selector(self, sel: Any) -> str:
        if isinstance(sel, str):
            return self.card_name(sel)
        sel = sel or Selector()
        what = self.words(sel.id, "or") if sel.id else (self.words([self._plural(k) for k in as_list(sel.kind)], "or") if sel.kind else "cards")
        filters = []
        for field, value in (sel.where or {}).items():
            shown = self.amount(value) if not isinstance(value, (str, int, bool, list)) else self.words(value, "or")
            filters.append(f"{self.word(field)} {shown}")
        text = f"{' '.join(str(f) for f in filters)} {what}".strip() if filters else what
        if sel.missing:
            text += " you have not built"
        elif sel.zone:
            text += f" in {'the ' if self.game and sel.zone in self.game.zones and self.game.zones[sel.zone].shared else ''}{self.word(sel.zone)}"
        if sel.of and sel.of != "self":
            text += f" of {self.players(sel.of)}"
        if sel.fewest is not None:
            text += f" with the fewest {self.amount(sel.fewest)}"
        if sel.most is not None:
            text += f" with the most {self.amount(sel.most)}"
        return text

    def _plural(self, kind: str) -> str:
        if self.game is not None and kind in self.game.kinds and self.game.kinds[kind].plural:
            return self.game.kinds[kind].plural
        return self.word(kind) + "s"

    def card_ref(self, ref: Any) -> str:
        return self.card_name(ref) if isinstance(ref, str) else self.selector(ref)

    def condition(self, cond: Any) -> str:
        return REGISTRY["condition"][cond.key].english(cond.arg, self)

    # effects -------------------------------------------------------------
    def actions(self, actions: list, person: str = "you") -> str:
        return "; then ".join(REGISTRY["action"][a.key].english(a.arg, self) for a in actions)

    def effect(self, effect: Any) -> str:
        if effect.on is None:
            text = REGISTRY["passive"][effect.passive].english(effect.passive_arg, self)
            return text[0].upper() + text[1:] + "."
        head = f"When {self.word(effect.on)}"
        if effect.if_ is not None:
            head += f", if {self.condition(effect.if_)}"
        if effect.limit:
            head += f" ({self.word(effect.limit)})"
        return f"{head}: {self.actions(effect.do)}."

    def card(self, card: Any) -> str:
        return " ".join(self.effect(e) for e in card.effects)
