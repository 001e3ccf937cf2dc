"""JSON Schema (draft 2020-12) of card files and game.yaml, generated from the pydantic models.

The committed files under schema/ are exactly this output; a test fails when they are stale.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from ..lang.registry import REGISTRY, example_value
from ..model.game import Card, Game

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
# The definitions that are one-key mappings: exactly one property, named after a primitive.
_ONE_KEY = {"Action": "action", "Expression": "expression", "Condition": "condition"}


def _strip_optional(prop: dict[str, Any]) -> dict[str, Any]:
    """`X | None = None` means 'may be absent' in these models, never 'may be null'."""
    any_of = prop.get("anyOf")
    if any_of and {"type": "null"} in any_of and prop.get("default", 0) is None:
        rest = [s for s in any_of if s != {"type": "null"}]
        prop = {k: v for k, v in prop.items() if k not in ("anyOf", "default")}
        prop.update(rest[0] if len(rest) == 1 else {"anyOf": rest})
    return prop


def _examples(defs: dict[str, Any]) -> None:
    for def_name, family in _ONE_KEY.items():
        for name, prop in defs[def_name]["properties"].items():
            prop["examples"] = [example_value(REGISTRY[family][name])]


# Descriptions for fields whose model gives none: editors show them on hover (yaml-language-server).
# A description written in the model wins; names that no longer exist are ignored.
_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "Card": {
        "name": "The printed name",
        "effects": "What it does: a list of effects. With 'on' an effect runs when that trigger fires; "
        "without, it holds while the card is in play (produce, discount, ...)",
        "examples": "Worked examples that every check runs: given a state, when a trigger, expect the result",
    },
    "Example": {"name": "What the example shows, in a few words"},
    "IfArgs": {"test": "The condition", "then": "Actions run when it holds", "else": "Actions run when it does not"},
    "RepeatArgs": {"times": "How many times (an amount)", "do": "The actions repeated"},
    "WithArgs": {"do": "The actions, run as that player"},
    "Game": {
        "name": "The game's printed name",
        "players": "The player counts the game supports",
        "resources": "Resources players hold, pay and produce, e.g. wood: {group: raw}",
        "counters": "Each player's counters, e.g. coins: {start: 3}",
        "tracks": "Progress tracks with numbered spaces",
        "zones": "Where cards lie: one per player (hand, city), or shared: true for one on the table",
        "kinds": "The kinds of entity that card files declare, each with its own fields",
        "triggers": "Named moments that effects listen to with 'on'",
        "trade": "Buying resources from other players",
        "build": "How a card is built: its cost field, the currency, free builds",
        "deck": "How the decks for a player count are made",
        "text": "What the game is, in a few sentences",
    },
    "Deck": {"kinds": "The kinds dealt into decks"},
    "DeckDraw": {"where": "Field filters choosing the cards drawn", "count": "How many are drawn (an amount)"},
    "FieldSpec": {
        "type": "int, text, bool, cost, ref (a card id), refs (card ids), ints, choice (one of values) or noun",
        "required": "Whether every entity of the kind must set it",
        "description": "What the field means; shown in hints and in editors",
    },
    "Kind": {
        "label": "How the kind is printed",
        "plural": "Its plural, for sheets and messages",
        "fields": "The kind's own fields, by name",
    },
    "Players": {"min": "The fewest players", "max": "The most players"},
    "Track": {
        "label": "How the track is printed",
        "barriers": "Spaces a marker cannot pass until its player has certain cards",
    },
    "Trigger": {"description": "When it fires, in words"},
    "Zone": {"label": "How the zone is printed"},
}


def _describe(properties: dict[str, Any], owner: str) -> None:
    for name, text in _DESCRIPTIONS.get(owner, {}).items():
        prop = properties.get(name)
        if isinstance(prop, dict) and not prop.get("description"):
            prop["description"] = text


def _finish(schema: dict[str, Any], title: str, schema_id: str) -> dict[str, Any]:
    schema = copy.deepcopy(schema)
    defs = schema.get("$defs", {})
    _describe(schema.get("properties", {}), schema.get("title", ""))
    for def_name, definition in defs.items():
        _describe(definition.get("properties", {}), def_name)
    for def_name, definition in defs.items():
        if "properties" in definition and (def_name in _ONE_KEY or def_name == "Effect"):
            definition["properties"] = {k: _strip_optional(v) for k, v in definition["properties"].items()}
        if def_name in _ONE_KEY:
            definition["minProperties"] = 1
            definition["maxProperties"] = 1
    if "Effect" in defs:
        defs["Effect"]["dependentRequired"] = {"on": ["do"], "do": ["on"], "if": ["on"], "limit": ["on"]}
    if "Action" in defs:
        _examples(defs)
    return {"$schema": SCHEMA_DIALECT, "$id": schema_id, "title": title, **schema}


@cache
def card_schema() -> dict[str, Any]:
    return entity_root(
        _finish(
            Card.model_json_schema(by_alias=True), "ostraka card file", "https://ostraka.dev/schema/card.schema.json"
        )
    )


def entity_root(entity: dict[str, Any]) -> dict[str, Any]:
    """A file holds one entity or a list of them: the entity's schema becomes $defs/Card."""
    root_keys = ("$schema", "$id", "title")
    root = {k: entity[k] for k in root_keys}
    defs = entity.pop("$defs")
    body = {k: v for k, v in entity.items() if k not in root_keys}
    defs["Card"] = body
    root["description"] = "One entity (card, stage, favor, tile), or a list of them."
    root["anyOf"] = [{"$ref": "#/$defs/Card"}, {"type": "array", "items": {"$ref": "#/$defs/Card"}}]
    root["$defs"] = dict(sorted(defs.items()))
    return root


@cache
def game_schema() -> dict[str, Any]:
    return _finish(
        Game.model_json_schema(by_alias=True), "ostraka game.yaml", "https://ostraka.dev/schema/game.schema.json"
    )


def dump(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


SCHEMA_FILES = {"card.schema.json": card_schema, "game.schema.json": game_schema}
