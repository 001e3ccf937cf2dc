"""`ostraka explain`: one card, where it is defined, what it does and how it is tested."""

from __future__ import annotations

import json

from .compiled import CompiledGame
from .english import English
from .models import Card


def explain_card(game: CompiledGame, card: Card) -> str:
    en = English(game.game, game.cards)
    lines = [f"{card.name} ({card.kind} '{card.id}' of {game.game.name})", f"  defined at {game.sources[card.id]}"]
    for name, value in card.fields.items():
        mark = " (reconstructed)" if name in card.reconstructed else ""
        lines.append(f"  {name}: {json.dumps(value, ensure_ascii=False)}{mark}")
    lines.append(f"  text:     {card.text.strip()}")
    lines.append(f"  rendered: {en.card(card)}")
    lines.append("  effects:")
    for effect in card.effects:
        lines.append(f"    - {en.effect(effect)}")
        lines.append(f"      {json.dumps(effect.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True), ensure_ascii=False)}")
    lines.append(f"  examples ({len(card.examples)}):")
    for ex in card.examples:
        lines.append(f"    - {ex.name}: when {json.dumps(ex.when)} expect {json.dumps(ex.expect)}")
    return "\n".join(lines)
