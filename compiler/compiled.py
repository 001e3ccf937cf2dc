"""A checked game: its nouns, its cards in source order, and indices the runtime needs."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .lang.model import Effect
from .models import Card, Game


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

    @property
    def id(self) -> str:
        return self.game.id

    @cached_property
    def triggered(self) -> dict[str, dict[str, list[tuple[int, Effect]]]]:
        """card id -> trigger -> its effects on that trigger, with their index in the card."""
        table: dict[str, dict[str, list[tuple[int, Effect]]]] = {}
        for card_id, card in self.cards.items():
            for index, effect in enumerate(card.effects):
                if effect.on is not None:
                    table.setdefault(card_id, {}).setdefault(effect.on, []).append((index, effect))
        return table

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

    def zone_of(self, card: Card) -> str | None:
        return self.game.kinds[card.kind].zone
