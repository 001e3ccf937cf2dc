"""What a card's text may mention beyond its effects: the card itself, game-wide counters used for
timing ('each age'), and the card's own fields ('stage 2', a cost, the cards it chains from), in
the words game.yaml describes them with ('a minimum bid of 2': the price field is "the minimum bid")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ....model.game import Card
from .reading import read
from .vocabulary import Key, Vocabulary
from .words import variants

_STOP = {"the", "and", "for", "its", "with", "when", "this", "that", "from", "one", "each", "all", "are", "has", "have"}


@dataclass
class Allowances:
    keys: set[Key] = field(default_factory=set)
    numbers: dict[int, set[str]] = field(default_factory=dict)  # a number of an int field -> words naming that field
    pairs: set[tuple[Key, int]] = field(default_factory=set)  # (noun, number) a field gives


def allowances(card: Card, vocab: Vocabulary) -> Allowances:
    game = vocab.game
    out = Allowances({vocab.card_key(card.id)} | {("noun", name) for name in game.globals})
    if any(e.on is None and e.passive == "discount" and e.passive_arg.everything for e in card.effects):
        out.keys.add(("noun", game.build.currency))  # a whole cost waived, 'coins included'
    if game.trade is not None and any(e.on is None and e.passive == "buy_from" for e in card.effects):
        out.keys.add(("noun", game.trade.currency))  # bought at the trade's price, in its currency
    kind = game.kinds.get(card.kind)
    for name, value in card.fields.items():
        spec = kind.fields.get(name) if kind else None
        _allow_field(out, vocab, name, value, spec.type if spec else None)
        if spec is not None and spec.description and spec.type not in ("cost", "ref", "refs"):
            # a cost's description lists every noun a cost may hold: it would allow them all
            out.keys |= read(vocab, spec.description).keys()
            numbers = value if isinstance(value, list) else [value]
            for number in numbers:
                if isinstance(number, int) and not isinstance(number, bool):  # 'minimum bid 2', 'a roll of 3'
                    words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", spec.description)} - _STOP
                    out.numbers[number] |= {form for word in words for form in variants(word)}
    return out


def _allow_field(out: Allowances, vocab: Vocabulary, name: str, value: Any, ftype: str | None) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        out.numbers.setdefault(value, set()).update(variants(name.replace("_", " ").split()[-1]))
        noun = vocab.phrases.get(tuple(name.split("_")))
        if noun and noun[0] == "noun":
            out.pairs.add((noun, value))
            out.keys.add(noun)
    elif isinstance(value, str):
        out.keys.add(("value", value))
        if ftype == "noun":
            out.keys.add(("noun", value))
        if value in vocab.cards:
            out.keys.add(vocab.card_key(value))
    elif isinstance(value, dict):
        for noun, n in value.items():
            out.keys.add(("noun", noun))
            if isinstance(n, int):
                out.pairs.add((("noun", noun), n))
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                out.keys |= {vocab.card_key(item), ("value", item)}
            elif isinstance(item, int) and not isinstance(item, bool):  # 'a roll of 2 or 3': each number
                _allow_field(out, vocab, name, item, ftype)
