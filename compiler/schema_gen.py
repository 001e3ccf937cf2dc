"""JSON Schema (draft 2020-12) of card files and game.yaml, generated from the pydantic models.

The committed files under schema/ are exactly this output; a test fails when they are stale.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any

from .lang.registry import REGISTRY, example_value
from .models import Card, Game

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


def _finish(schema: dict[str, Any], title: str, schema_id: str) -> dict[str, Any]:
    schema = copy.deepcopy(schema)
    defs = schema.get("$defs", {})
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


@lru_cache(maxsize=None)
def card_schema() -> dict[str, Any]:
    entity = _finish(Card.model_json_schema(by_alias=True), "ostraka card file", "https://ostraka.dev/schema/card.schema.json")
    # A file holds one entity or a list of them.
    root_keys = ("$schema", "$id", "title")
    root = {k: entity[k] for k in root_keys}
    defs = entity.pop("$defs")
    body = {k: v for k, v in entity.items() if k not in root_keys}
    defs["Card"] = body
    root["description"] = "One entity (card, stage, favor, tile), or a list of them."
    root["anyOf"] = [{"$ref": "#/$defs/Card"}, {"type": "array", "items": {"$ref": "#/$defs/Card"}}]
    root["$defs"] = dict(sorted(defs.items()))
    return root


@lru_cache(maxsize=None)
def game_schema() -> dict[str, Any]:
    return _finish(Game.model_json_schema(by_alias=True), "ostraka game.yaml", "https://ostraka.dev/schema/game.schema.json")


def dump(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


SCHEMA_FILES = {"card.schema.json": card_schema, "game.schema.json": game_schema}
