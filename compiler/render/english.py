"""Plain-English rendering of effects, composed from each primitive's own `english`.

`English` holds the game's vocabulary (labels, plurals, relations, card names) so that a primitive
only says what it does; this module turns names into words, amounts into quantities ("1 victory
point", "3 coins"), player sets into people ("each opponent", "your left neighbour") and a whole
card into sentences ("When built: gain 2 coins.").
"""

from __future__ import annotations

import re
from typing import Any

from ..lang.registry import REGISTRY
from ..lang.types import FieldTest, Selector, as_list
from .english_words import Words

# Verbs a rendered action may start with, for the third person ("each opponent loses ...").
_VERBS = {"gain", "lose", "pay", "advance", "move", "choose", "build", "receive", "take", "repeat"}


def sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def third_person(text: str) -> str:
    """'gain 2 coins; then pay your ...' -> 'gains 2 coins; then pays their ...'."""
    text = re.sub(r"\byour\b", "their", text)
    text = re.sub(r"\byou may\b", "may", text)
    text = re.sub(r"\byou have\b", "they have", text)
    text = re.sub(r"\byou\b", "they", text)
    clauses = text.split("; then ")
    out = []
    for clause in clauses:
        head, _, rest = clause.partition(" ")
        if head in _VERBS:
            head = head + ("es" if head.endswith(("s", "sh", "ch")) else "s")
        out.append(f"{head} {rest}".strip())
    return "; then ".join(out)


_ACTING = re.compile(r"\bthe acting player(?:'s\b| (has|is|was|\w+?(?:es|s))\b)")
_YOU = {"has": "have", "is": "are", "was": "were"}


def _second_person(text: str) -> str:
    """A trigger's description as a card's reader hears it: 'the acting player declares war' ->
    'you declare war', 'the acting player's markers' -> 'your markers' (a card says 'you')."""

    def you(match: re.Match) -> str:
        verb = match.group(1)
        if verb is None:
            return "your"
        if verb in _YOU:
            return "you " + _YOU[verb]
        stem = verb[:-2] if verb.endswith(("ches", "shes", "sses", "xes", "zes")) else verb[:-1]
        return "you " + stem

    return _ACTING.sub(you, text)


def _possessive(who: str) -> str:
    """'your neighbours' -> "your neighbours'", 'the player on your left' -> "the player on your left's"."""
    return who + "'" if who.endswith("s") else who + "'s"


class English(Words):
    """Effects, conditions, selectors and whole cards as sentences, in the game's own words (Words)."""

    # values --------------------------------------------------------------
    def amount(self, amount: Any) -> str:
        if isinstance(amount, int):
            return str(amount)
        return REGISTRY["expression"][amount.key].english(amount.arg, self)

    def noun_amount(self, noun: str, amount: Any) -> str:
        if isinstance(amount, int):
            return self.quantity(amount, noun)
        per = self._per_card(amount)
        if per is not None:
            n, selector = per
            return f"{self.quantity(n, noun)} for each {self.selector(selector, plural=False)}"
        said = self.amount(amount)
        if said.isdigit():  # a rule number no card changes, told by its value
            return self.quantity(int(said), noun) if noun != "any" else f"{said} resources of your choice"
        if noun == "any":
            return f"resources of your choice equal to {said}"
        return f"{self.word(noun)} equal to {said}"

    @staticmethod
    def _per_card(amount: Any) -> tuple[int, Any] | None:
        """A count, or a whole number times a count: rendered '2 coins for each grey card'."""
        if getattr(amount, "key", None) == "count":
            return 1, amount.arg
        if getattr(amount, "key", None) == "mul" and len(amount.arg) == 2:
            ints = [a for a in amount.arg if isinstance(a, int)]
            counts = [a for a in amount.arg if getattr(a, "key", None) == "count"]
            if len(ints) == 1 and len(counts) == 1:
                return ints[0], counts[0].arg
        return None

    def noun_amounts(self, amounts: dict) -> str:
        parts = []
        for noun, amount in amounts.items():
            if noun == "any" and isinstance(amount, int):
                parts.append(f"{amount} resource{'s' if amount != 1 else ''} of your choice")
            else:
                parts.append(self.noun_amount(noun, amount))
        return self.join(parts, "and")

    def noun_value(self, noun: str, of: Any) -> str:
        if self.game is not None and noun in self.game.globals:
            return f"the current {self.word(noun)}"
        if noun == "players":
            return "the number of players"
        if self.game is not None and noun in self.game.tracks:
            what = f"{self.word(noun)} level"
        else:
            what = self.word(noun)
        if of == "self" or of is None:
            return f"your {what}"
        refs = as_list(of)
        if len(refs) > 1:
            return f"the total {what} of {self.players(refs)}"
        who = self.players(refs)
        return f"{who}' {what}" if who.endswith("s") else f"{who}'s {what}"

    def _kind_words(self, kinds: Any, plural: bool) -> str:
        names = []
        for k in as_list(kinds):
            spec = self.game.kinds.get(k) if self.game is not None else None
            label = spec.label if spec is not None and spec.label else k.replace("_", " ")
            if plural:
                label = spec.plural if spec is not None and spec.plural else label + "s"
            names.append(label)
        return self.join(names, "or")

    def _is_choice(self, field: str) -> bool:
        if self.game is None:
            return False
        return any(
            f.type == "choice" and name == field for kind in self.game.kinds.values() for name, f in kind.fields.items()
        )

    def selector(self, sel: Any, plural: bool = True, owned: bool = True) -> str:
        if isinstance(sel, str):
            return self.card_name(sel)
        sel = sel or Selector()
        if sel.id:
            what = self.words(sel.id, "or")
        elif sel.kind:
            what = self._kind_words(sel.kind, plural)
        else:
            what = "cards" if plural else "card"
        where = dict(sel.where or {})
        among = where.pop("id", None)
        if not (isinstance(among, FieldTest) and set(among.tests()) == {"among"}):
            if among is not None:
                where = dict(sel.where or {})
            among = None
        adjectives, clauses = self._where(where)
        # the place before the field clauses, which may hold places of their own ('a wonder stage
        # you have not built whose wonder board is one of ...'); an id among others' cards last
        text = " ".join(adjectives + [what]) + self._place(sel, owned)
        if clauses:
            text += " " + " and ".join(clauses)
        if among is not None:
            text += " (one of the " + self.selector(among.among, plural=True) + ")"
        return text + self._extremes(sel, plural)

    def _where(self, where: dict[str, Any]) -> tuple[list[str], list[str]]:
        """A selector's field tests: a choice value reads as an adjective, any other test as a clause."""
        adjectives: list[str] = []
        clauses: list[str] = []
        for field, value in where.items():
            if isinstance(value, FieldTest):
                adjective, shown = self._field_test(field, value)
                (adjectives if adjective else clauses).append(shown)
                continue
            if isinstance(value, (str, int, bool, list)):
                shown = self.words(value, "or") if not isinstance(value, bool) else ("yes" if value else "no")
            else:
                shown = self.amount(value)
            if self._is_choice(field) and isinstance(value, (str, list)):
                # a choice value is a word of the game, never a card ('mint' buildings, not the Mint)
                adjectives.append(self.join([str(v).replace("_", " ") for v in as_list(value)], "or"))
            else:
                clauses.append(f"whose {self.word(field)} is {shown}")
        return adjectives, clauses

    def _place(self, sel: Any, owned: bool) -> str:
        """Where a selector's cards are: ' you have', ' in the discard', ' your neighbours have', ..."""
        shared = bool(
            sel.zone and self.game is not None and sel.zone in self.game.zones and self.game.zones[sel.zone].shared
        )
        if sel.missing:
            return (
                " you have not built"
                if not sel.of or sel.of == "self"
                else f" {self.players(sel.of)} {self._have(sel.of)} not built"
            )
        if shared:
            return f" in {self.zone(sel.zone)}"
        if sel.of and sel.of != "self":
            if not sel.zone:
                return f" {self.players(sel.of)} {self._have(sel.of)}"
            return f" in {self.zone(sel.zone, _possessive(self.players(sel.of)))}"
        if sel.zone:
            return f" in {self.zone(sel.zone)}"
        return " you have" if owned else ""

    def _extremes(self, sel: Any, plural: bool) -> str:
        text = ""
        for word, extreme in (("fewest", sel.fewest), ("most", sel.most)):
            if extreme is not None:
                measure = self.amount(extreme)
                measure = measure[len("the number of ") :] if measure.startswith("the number of ") else measure
                text += f", the one{'s' if plural else ''} with the {word} {measure}"
        return text

    def _field_test(self, field: str, test: FieldTest) -> tuple[bool, str]:
        """A `where` comparison: an adjective ('defense or roads') or a clause ('whose age is at least 2')."""
        if self._is_choice(field) and set(test.tests()) == {"one_of"}:
            return True, self.words(test.one_of, "or")
        parts = []
        if test.at_least is not None:
            parts.append(f"{self.amount(test.at_least)} or more")
        if test.at_most is not None:
            parts.append(f"{self.amount(test.at_most)} or less")
        if test.one_of is not None:
            parts.append(self.words(test.one_of, "or"))
        if test.among is not None:
            parts.append("one of the " + self.selector(test.among, plural=True))
        shown = f"whose {self.word(field)} is " + " and ".join(parts) if parts else ""
        if test.contains is not None:
            has = f"whose {self.word(field)} contains the word '{test.contains}'"
            shown = f"{shown} and {has[len('whose ' + self.word(field)) + 1 :]}" if shown else has
        return False, shown

    def a_card(self, ref: Any) -> str:
        """One card: a name, or 'a grey card you have'."""
        if isinstance(ref, str):
            return self.card_name(ref)
        if ref is not None and ref.id and not isinstance(ref.id, list):
            return self.card_name(ref.id)
        text = self.selector(ref, plural=False)
        return ("an " if text[:1].lower() in "aeiou" else "a ") + text

    def card_ref(self, ref: Any) -> str:
        return self.card_name(ref) if isinstance(ref, str) else self.selector(ref)

    def condition(self, cond: Any) -> str:
        return REGISTRY["condition"][cond.key].english(cond.arg, self)

    # effects -------------------------------------------------------------
    def action(self, action: Any) -> str:
        return REGISTRY["action"][action.key].english(action.arg, self)

    def actions(self, actions: list, person: str = "you") -> str:
        text = "; then ".join(self.action(a) for a in actions)
        return third_person(text) if person == "they" else text

    def trade_buyers(self) -> str:
        """Who may buy production, when the game declares trade: 'your neighbours'."""
        if self.game is None or self.game.trade is None:
            return ""
        return self.players(self.game.trade.from_)

    def trade_currency(self) -> str:
        return self.game.trade.currency if self.game is not None and self.game.trade is not None else "coins"

    def trade_base(self) -> str:
        """' instead of 2': the game's base trade price, when it declares one."""
        if self.game is None or self.game.trade is None or self.game.trade.price not in self.game.params:
            return ""
        return f" instead of {self.game.params[self.game.trade.price]}"

    def subject(self, who: str, actions: list) -> str:
        """Actions done by someone else: 'each opponent loses 1 victory point'."""
        text = self.actions(actions)
        if who == "you":
            return text
        first = text.split(" ", 1)[0]
        if first in _VERBS or text.startswith("you may"):
            return f"{who} {third_person(text)}"
        return f"{who}: {third_person(text)}"

    def trigger(self, name: str) -> str:
        """'When built', or the trigger's description up to its first colon: 'When an age ends'."""
        if self.game is not None and name == self.game.build.on_built or name == "built":
            return "When built"
        spec = self.game.triggers.get(name) if self.game is not None else None
        description = _second_person(spec.description.split(":")[0].strip()) if spec is not None else ""
        if description:
            # 'a building has just been built' reads after 'When'; 'Upkeep step 3' after 'At'.
            return (
                f"When {description}"
                if description.split()[0].lower() in ("a", "an", "the", "you", "your")
                else f"At {description}"
            )
        words = name.replace("_", " ")
        return f"At the {words.replace('end of ', 'end of the ', 1)}" if words.startswith("end of ") else f"On {words}"

    def heard(self, trigger: str, by: Any) -> str:
        """The head of an effect that hears other players: 'Whenever your neighbours build a card'."""
        who = self.players(by)
        if self.game is not None and trigger == self.game.build.on_built or trigger == "built":
            verb = "build" if who == "you" or len(as_list(by)) > 1 or who.endswith("s") else "builds"
            return f"Whenever {who} {verb} {'another' if who == 'you' else 'a'} card"
        return f"{self.trigger(trigger)} (set off by {who})"

    def effect(self, effect: Any) -> str:
        if effect.on is None:
            return sentence(REGISTRY["passive"][effect.passive].english(effect.passive_arg, self))
        head = self.trigger(effect.on) if getattr(effect, "by", None) is None else self.heard(effect.on, effect.by)
        if effect.limit:
            head += f" ({self.word(effect.limit)})"
        if effect.if_ is not None:
            head += f", if {self.condition(effect.if_)}"
        return sentence(f"{head}: {self.actions(effect.do)}")

    def barriers(self, card_id: str) -> list[str]:
        """Sentences for the track barriers (game.yaml) that this card helps to lift."""
        out: list[str] = []
        if self.game is None:
            return out
        for name, track in self.game.tracks.items():
            for barrier in track.barriers:
                if card_id in barrier.lifted_by:
                    others = [self.card_name(c) for c in barrier.lifted_by if c != card_id]
                    tail = f" once you also have {self.join(others, 'and')}" if others else ""
                    out.append(sentence(f"your {self.word(name)} marker may pass space {barrier.at}{tail}"))
        return out

    def card(self, card: Any) -> str:
        parts = [self.effect(e) for e in card.effects] + self.barriers(card.id)
        return " ".join(parts) if parts else "No effect."
