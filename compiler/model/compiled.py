"""A checked game: its nouns, its cards in source order, and indices the runtime needs."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..lang.model import Effect
from .fields import field_value, holds  # noqa: F401  (holds: the model's comparison, decide/ reads it here)
from .game import Card, Game


@dataclass(frozen=True)
class Source:
    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass
class CompiledGame:
    game: Game
    directory: Path
    game_file: str
    cards: dict[str, Card] = field(default_factory=dict)
    sources: dict[str, Source] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    # what the layers above work out once per game and keep as long as it lives (decide/tables.py)
    tables: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def id(self) -> str:
        return self.game.id

    @cached_property
    def triggered(self) -> dict[str, dict[str, list[tuple[int, Effect]]]]:
        """card id -> trigger -> its effects on that trigger, with their index in the card."""
        table: dict[str, dict[str, list[tuple[int, Effect]]]] = {}
        for card_id, card in self.cards.items():
            for index, effect in enumerate(card.effects):
                if effect.on is not None and getattr(effect, "by", None) is None:
                    table.setdefault(card_id, {}).setdefault(effect.on, []).append((index, effect))
        return table

    @cached_property
    def heard(self) -> dict[str, dict[str, list[tuple[int, Effect]]]]:
        """card id -> trigger -> its effects that hear other players' events (`by`), with their index."""
        table: dict[str, dict[str, list[tuple[int, Effect]]]] = {}
        for card_id, card in self.cards.items():
            for index, effect in enumerate(card.effects):
                if effect.on is not None and getattr(effect, "by", None) is not None:
                    table.setdefault(card_id, {}).setdefault(effect.on, []).append((index, effect))
        return table

    @cached_property
    def hearers(self) -> dict[str, frozenset[str]]:
        """trigger -> the cards with effects that hear it (runtime/heard.py)."""
        table: dict[str, set[str]] = {}
        for card_id, by_trigger in self.heard.items():
            for trigger in by_trigger:
                table.setdefault(trigger, set()).add(card_id)
        return {trigger: frozenset(ids) for trigger, ids in table.items()}

    @cached_property
    def passives(self) -> dict[str, list[tuple[int, Effect]]]:
        """card id -> its standing effects."""
        table: dict[str, list[tuple[int, Effect]]] = {}
        for card_id, card in self.cards.items():
            for index, effect in enumerate(card.effects):
                if effect.on is None:
                    table.setdefault(card_id, []).append((index, effect))
        return table

    @cached_property
    def listeners(self) -> dict[str, frozenset[str]]:
        """trigger -> the cards with effects on it."""
        table: dict[str, set[str]] = {}
        for card_id, by_trigger in self.triggered.items():
            for trigger in by_trigger:
                table.setdefault(trigger, set()).add(card_id)
        return {trigger: frozenset(ids) for trigger, ids in table.items()}

    @cached_property
    def passives_by_hook(self) -> dict[str, dict[str, list[Any]]]:
        """runtime hook (lang/hooks.py) -> card id -> the arguments of that card's standing effects answering it, in order."""
        table: dict[str, dict[str, list[Any]]] = {}
        for card_id, effects in self.passives.items():
            for _index, effect in effects:
                table.setdefault(effect.hook, {}).setdefault(card_id, []).append(effect.passive_arg)
        return table

    @cached_property
    def standing_hooks(self) -> frozenset[str]:
        """The hooks (lang/hooks.py) that some card's or the rules' standing effects answer: asking
        for any other finds nothing, so the runtime need not look."""
        return frozenset(self.passives_by_hook) | {effect.hook for _index, effect in self.rule_passives}

    @cached_property
    def reach_passives(self) -> frozenset[str]:
        """The hooks (lang/hooks.py) of the standing effects some card aims at other players with (`of`):
        only for those does the runtime look at other players' cards."""
        return frozenset(
            hook
            for hook, by_card in self.passives_by_hook.items()
            if any(getattr(arg, "of", None) is not None for args in by_card.values() for arg in args)
        )

    @cached_property
    def build_events(self) -> dict[str, dict[str, Any]]:
        """card id -> the details of its build event: its fields, its id (`card`) and its kind. One
        dict per card, shared by every build of it (runtime/builds.py): events are only read."""
        return {cid: {**card.fields, "card": cid, "kind": card.kind} for cid, card in self.cards.items()}

    @cached_property
    def build_rules(self) -> tuple[bool, str, dict[str, tuple[str | None, Any]]]:
        """What game.yaml says of every build, read once (its models are slow to read, and a judged
        menu checks hundreds of builds): whether a player holds one copy of each card at most, the
        trigger a build sets off, and by kind the zone it is built into (None: never) and its requirement."""
        rules = self.game
        kinds = {name: (kind.zone, kind.requires) for name, kind in rules.kinds.items()}
        return rules.build.unique, rules.build.on_built, kinds

    @cached_property
    def trigger_rules(self) -> dict[str, tuple[bool, bool, bool, str]]:
        """event -> whether every player hears it, whether the rules hear it after the cards, whether
        the rules run for every player apart from the cards (`first`/`last`) and the order of its
        listeners and hearers (game.yaml's triggers, read once); an event not declared: neither."""
        return {
            event: (t.each_player, t.rules in ("after", "last"), t.rules in ("first", "last"), t.order)
            for event, t in self.game.triggers.items()
        }

    @cached_property
    def rule_triggered(self) -> dict[str, list[tuple[int, Effect]]]:
        table: dict[str, list[tuple[int, Effect]]] = {}
        for index, effect in enumerate(self.game.rules):
            if effect.on is not None:
                table.setdefault(effect.on, []).append((index, effect))
        return table

    @cached_property
    def rule_passives(self) -> list[tuple[int, Effect]]:
        return [(i, e) for i, e in enumerate(self.game.rules) if e.on is None]

    @cached_property
    def play_zones(self) -> list[str]:
        """Zones where a player's cards are in play (some kind is built into them)."""
        zones = []
        for kind in self.game.kinds.values():
            if kind.zone and kind.zone not in zones and not self.game.zones[kind.zone].shared:
                zones.append(kind.zone)
        return zones

    def cards_with(self, name: str, wanted: Any) -> list[str] | None:
        """The ids of the cards whose field holds a wanted value (as a selector's `where` compares),
        in the game's order; None when the values cannot be looked up by hash (then compare each card)."""
        if name not in self._field_index:
            self._field_index[name] = _index_by(self.cards, name)
        index = self._field_index[name]
        allowed = wanted if isinstance(wanted, list) else [wanted]
        try:
            if index is None:
                return None
            found = {cid for value in allowed for cid in index.get(value, ())}
        except TypeError:  # an unhashable wanted value
            return None
        return (
            [cid for cid in self.cards if cid in found]
            if len(allowed) > 1
            else [cid for cid in index.get(allowed[0], ())]
        )

    @cached_property
    def _field_index(self) -> dict[str, dict[Any, list[str]] | None]:
        return {}

    def zone_of(self, card: Card) -> str | None:
        return self.game.kinds[card.kind].zone


def _index_by(cards: dict[str, Card], name: str) -> dict[Any, list[str]] | None:
    """Card ids by each value of a field (each item of a list value); None if a value is unhashable."""
    index: dict[Any, list[str]] = {}
    try:
        for card_id, card in cards.items():
            have = field_value(card, name)
            for value in dict.fromkeys(have if isinstance(have, list) else [have]):
                index.setdefault(value, []).append(card_id)
    except TypeError:
        return None
    return index


def modified_params(cards: Any, rules: Any) -> frozenset[str]:
    """The rule numbers some card or rule changes (a `modify` of them): the English names those
    and tells the others by their value (render/english_words.py); the cache keys the text check
    on them (cache/cache.py)."""
    effects = [e for card in cards.values() for e in card.effects] + list(rules)
    return frozenset(e.passive_arg.param for e in effects if e.on is None and e.passive == "modify")
