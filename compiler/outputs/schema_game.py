"""A game's own JSON Schema of its card files: the language's schema narrowed to the game's names.

Every name the language types (types.Ref) lists the names of its namespace in this game (the same
sets resolve.py checks against), the kind-specific fields of game.yaml become properties (costs
keyed by the game's nouns, choices by their values, references by card ids of the right kind),
and the examples' states name the game's players, nouns, zones and cards. Editors then flag
`wod: 2` in a cost or `colur: yellow` the way ostraka does; ostraka itself still checks everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..lang.types import SCHEMA_NAMES
from ..model.game import Card, FieldSpec, Game
from ..pipeline.resolve import Namespaces
from ..render.schema import SCHEMA_DIALECT, _finish, entity_root

_CARD_IDS_OR_ONE = "CardIds"


def names_of(game: Game, kinds_of: Mapping[str, str]) -> dict[str, set[str]]:
    return Namespaces(game, kinds_of).names


def _field_schema(spec: FieldSpec, names: dict[str, set[str]], kinds_of: Mapping[str, str]) -> dict[str, Any]:
    described = {"description": spec.description} if spec.description else {}
    if spec.type == "int":
        return {**described, "type": "integer"}
    if spec.type == "text":
        return {**described, "type": "string"}
    if spec.type == "bool":
        return {**described, "type": "boolean"}
    if spec.type == "ints":
        return {**described, "type": "array", "items": {"type": "integer"}}
    if spec.type == "choice":
        return {**described, "enum": list(spec.values or [])}
    if spec.type == "noun":
        return {**described, "enum": sorted(names["noun"])}
    if spec.type == "cost":
        return {
            **described,
            "type": "object",
            "propertyNames": {"enum": sorted(names["noun"])},
            "additionalProperties": {"type": "integer", "minimum": 0},
        }
    ids = sorted(cid for cid, kind in kinds_of.items() if spec.of is None or kind == spec.of)
    if spec.type == "ref":
        return {**described, "enum": ids}
    return {**described, "type": "array", "items": {"enum": ids}}  # refs


def _fields(card: dict[str, Any], game: Game, names: dict[str, set[str]], kinds_of: Mapping[str, str]) -> None:
    """The kinds' fields as properties; each kind allows only its own and requires its required ones."""
    properties = card["properties"]
    by_name: dict[str, list[dict[str, Any]]] = {}
    rules = []
    for kind_name, kind in sorted(game.kinds.items()):
        own: dict[str, Any] = {}
        for name, spec in kind.fields.items():
            schema = _field_schema(spec, names, kinds_of)
            own[name] = schema
            if schema not in by_name.setdefault(name, []):
                by_name[name].append(schema)
        others = sorted(set(n for k in game.kinds.values() for n in k.fields) - set(kind.fields))
        then: dict[str, Any] = {"properties": {**own, **{n: False for n in others}}}
        required = sorted(n for n, spec in kind.fields.items() if spec.required)
        if required:
            then["required"] = required
        rules.append({"if": {"properties": {"kind": {"const": kind_name}}, "required": ["kind"]}, "then": then})
    for name, schemas in sorted(by_name.items()):
        if name not in properties:  # a kind's field never redefines id, name, text, ...
            owners = ", ".join(k for k, kd in sorted(game.kinds.items()) if name in kd.fields)
            properties[name] = schemas[0] if len(schemas) == 1 else {"description": f"A field of {owners}"}
    card["additionalProperties"] = False
    if rules:
        card["allOf"] = rules


def _player_state(game: Game, names: dict[str, set[str]], ids_ref: dict[str, Any], expect: bool) -> dict[str, Any]:
    values = sorted(set(game.resources) | set(game.counters) | set(game.tracks))
    zones = sorted(z for z, spec in game.zones.items() if not spec.shared)
    properties = {v: {"type": "integer"} for v in values}
    properties.update({z: ids_ref for z in zones})
    return {"type": ["object", "null"] if expect else "object", "properties": properties, "additionalProperties": False}


def _example(defs: dict[str, Any], game: Game, names: dict[str, set[str]]) -> None:
    """given, expect and when as this game reads them (examples.py): its seats, nouns, zones and cards."""
    ids_ref = {"$ref": f"#/$defs/{_CARD_IDS_OR_ONE}"}
    card_ids = sorted(names["card"])
    defs[_CARD_IDS_OR_ONE] = {
        "description": "A card id, or a list of them",
        "anyOf": [{"enum": card_ids}, {"type": "array", "items": {"enum": card_ids}}],
    }
    seats = [f"p{n}" for n in range(1, game.players.max + 1)]
    shared = {z: ids_ref for z, spec in sorted(game.zones.items()) if spec.shared}
    board = {"board": {"description": "The board's tiles and pieces"}} if game.board is not None else {}
    given = {
        "players": {"type": "integer", "minimum": game.players.min, "maximum": game.players.max},
        **{g: {"type": "integer"} for g in sorted(game.globals)},
        **shared,
        **board,
        **{s: _player_state(game, names, ids_ref, False) for s in seats},
    }
    expect = {
        "refused": {"type": "boolean"},
        "players": {"type": "integer"},
        **{g: {"type": "integer"} for g in sorted(game.globals)},
        **shared,
        **board,
        **{s: _player_state(game, names, ids_ref, True) for s in seats},
    }
    step = {
        "type": "object",
        "properties": {
            "build": {"enum": card_ids, "description": "The card built"},
            "event": {"enum": sorted(names["trigger"]), "description": "The trigger fired"},
            "by": {"enum": seats, "description": "Who acts (default p1)"},
            "free": {"type": "boolean"},
            "from": {
                "enum": sorted(z for z, spec in game.zones.items() if not spec.shared),
                "description": "The builder's zone the card is taken from (default: the first holding it "
                "other than the zone it is built into)",
            },
        },
    }
    example = defs["Example"]
    example["properties"]["given"] = {
        **example["properties"]["given"],
        "properties": given,
        "additionalProperties": False,
    }
    example["properties"]["expect"] = {
        **example["properties"]["expect"],
        "properties": expect,
        "additionalProperties": False,
    }
    when = example["properties"]["when"]
    example["properties"]["when"] = {
        "description": when.get("description", ""),
        "anyOf": [step, {"type": "array", "items": step}],
    }
    answers = example["properties"]["answers"]
    example["properties"]["answers"] = {**answers, "propertyNames": {"enum": seats}}


def game_card_schema(game: Game, kinds_of: Mapping[str, str]) -> dict[str, Any]:
    """The schema of `game`'s card files; `kinds_of` maps every card id of the game to its kind."""
    names = names_of(game, kinds_of)
    token = SCHEMA_NAMES.set(names)
    try:
        raw = Card.model_json_schema(by_alias=True)
    finally:
        SCHEMA_NAMES.reset(token)
    schema_id = f"https://ostraka.dev/schema/{game.id}.card.schema.json"
    root = entity_root(_finish(raw, f"{game.name} card file (ostraka)", schema_id))
    defs = root["$defs"]
    _fields(defs["Card"], game, names, kinds_of)
    _example(defs, game, names)
    root["$defs"] = dict(sorted(defs.items()))
    assert root["$schema"] == SCHEMA_DIALECT
    return root
