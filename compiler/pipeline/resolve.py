"""Names to nouns: every name in a card or in game.yaml must exist in its namespace.

The argument types of the primitives say what each name is (types.Ref), so one walk over the
models checks every noun, card id, zone, kind, trigger, param, relation and field in the data.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Iterable

from pydantic import BaseModel

from ..diagnostics import Diagnostic, did_you_mean
from ..lang.types import Ref
from .load.loader import DataPath, Document, dotted
from .validate.models import Card, Game

BUILTIN_PLAYERS = ("self", "owner", "all", "everyone", "opponents", "others")
_WHAT = {
    "noun": "counter, resource or track",
    "resource": "resource",
    "track": "track",
    "zone": "zone",
    "card": "card",
    "kind": "kind",
    "trigger": "trigger",
    "param": "param",
    "player": "player or relation",
    "field": "field",
    "move": "move of flow.moves",
}


class Namespaces:
    def __init__(self, game: Game, card_ids: Iterable[str]) -> None:
        fields = {name for kind in game.kinds.values() for name in kind.fields} | {"id", "name", "kind"}
        self.names: dict[str, set[str]] = {
            "noun": set(game.counters) | set(game.resources) | set(game.tracks) | set(game.globals) | {"players", "any"},
            "resource": set(game.resources),
            "track": set(game.tracks),
            "zone": set(game.zones),
            "card": set(card_ids),
            "kind": set(game.kinds),
            "trigger": set(game.triggers) | {game.build.on_built},
            "param": set(game.params),
            "player": set(BUILTIN_PLAYERS) | set(game.relations),
            "field": fields,
            "move": set(game.flow.moves) if game.flow is not None else set(),
        }


def _refs_in(metadata: Iterable[Any]) -> str | None:
    for item in metadata:
        if isinstance(item, Ref):
            return item.namespace
    return None


def _unwrap(annotation: Any) -> tuple[Any, str | None]:
    namespace = None
    while typing.get_origin(annotation) is typing.Annotated:
        namespace = namespace or _refs_in(annotation.__metadata__)
        annotation = typing.get_args(annotation)[0]
    return annotation, namespace


def _walk(value: Any, annotation: Any, path: DataPath, visit, namespace: str | None = None) -> None:
    annotation, found = _unwrap(annotation)
    namespace = found or namespace
    if value is None:
        return
    if isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            child = getattr(value, name)
            if child is None:
                continue
            key = info.alias or name
            _walk(child, info.annotation, path + (key,), visit, _refs_in(info.metadata))
        extra = getattr(value, "__pydantic_extra__", None)
        if extra:
            extra_type = type(value).__annotations__.get("__pydantic_extra__")
            hints = typing.get_type_hints(type(value), include_extras=True).get("__pydantic_extra__") if extra_type else None
            if hints is not None:
                key_type, value_type = typing.get_args(hints)
                for key, child in extra.items():
                    _walk(key, key_type, path + (key,), visit)
                    _walk(child, value_type, path + (key,), visit)
        return
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(annotation)
        # A literal keyword ('any', 'all') wins over a name of the same spelling.
        options = sorted(options, key=lambda o: typing.get_origin(_unwrap(o)[0]) is not typing.Literal)
        for option in options:
            bare, _ns = _unwrap(option)
            bare_origin = typing.get_origin(bare) or bare
            if bare_origin is typing.Literal:
                if value in typing.get_args(bare):
                    return
                continue
            if isinstance(bare_origin, type) and isinstance(value, bare_origin) and not (bare_origin is int and isinstance(value, bool)):
                _walk(value, option, path, visit, namespace)
                return
        return
    if origin is list and isinstance(value, list):
        (item,) = typing.get_args(annotation)
        for i, child in enumerate(value):
            _walk(child, item, path + (i,), visit, namespace)
        return
    if origin is dict and isinstance(value, dict):
        key_type, value_type = typing.get_args(annotation)
        for key, child in value.items():
            _walk(key, key_type, path + (key,), visit, None)
            _walk(child, value_type, path + (key,), visit, None)
        return
    if isinstance(value, str) and namespace:
        visit(value, namespace, path)


def check_names(model: BaseModel, spaces: Namespaces, doc: Document, prefix: DataPath) -> list[Diagnostic]:
    out: list[Diagnostic] = []

    def visit(name: str, namespace: str, path: DataPath) -> None:
        known = spaces.names[namespace]
        if name in known:
            return
        is_key = bool(path) and path[-1] == name
        line, col = doc.where(prefix + path, key=is_key)
        code = "E302" if namespace == "card" else "E301"
        what = _WHAT[namespace]
        out.append(Diagnostic(code, f"unknown {what} '{name}'", doc.file, line, col,
                              did_you_mean(name, known) or (f"declare it in game.yaml" if code == "E301" else ""),
                              dotted(prefix + path)))

    _walk(model, type(model), (), visit)
    return out


def check_card_fields(card: Card, game: Game, spaces: Namespaces, doc: Document, prefix: DataPath, kinds_of: dict[str, str]) -> list[Diagnostic]:
    """A card's kind-specific fields, checked against the kind's declaration in game.yaml."""
    out: list[Diagnostic] = []
    kind = game.kinds.get(card.kind)
    if kind is None:
        return out
    fields = card.fields

    def at(path: DataPath, key: bool = False) -> tuple[int, int]:
        return doc.where(prefix + path, key=key)

    for name, value in fields.items():
        spec = kind.fields.get(name)
        if spec is None:
            line, col = at((name,), key=True)
            out.append(Diagnostic("E203", f"field '{name}' is not declared for kind '{card.kind}'", doc.file, line, col,
                                  did_you_mean(name, kind.fields) or f"declared: {', '.join(sorted(kind.fields)) or 'none'}", dotted(prefix + (name,))))
            continue
        line, col = at((name,))
        problem = _field_problem(spec, value)
        if problem:
            out.append(Diagnostic("E201", f"field '{name}' {problem}", doc.file, line, col, _cost_hint(spec, value) or spec.description,
                                  dotted(prefix + (name,))))
            continue
        if spec.type == "cost":
            for noun in value:
                if noun not in spaces.names["noun"]:
                    l2, c2 = at((name, noun), key=True)
                    out.append(Diagnostic("E301", f"unknown counter or resource '{noun}' in {name}", doc.file, l2, c2,
                                          did_you_mean(noun, spaces.names["noun"]), dotted(prefix + (name, noun))))
        if spec.type in ("ref", "refs"):
            for i, ref in enumerate(value if spec.type == "refs" else [value]):
                path = (name, i) if spec.type == "refs" else (name,)
                l2, c2 = at(path)
                if ref not in spaces.names["card"]:
                    out.append(Diagnostic("E302", f"'{name}' refers to unknown card '{ref}'", doc.file, l2, c2,
                                          did_you_mean(ref, spaces.names["card"]), dotted(prefix + path)))
                elif spec.of and kinds_of.get(ref) != spec.of:
                    out.append(Diagnostic("E302", f"'{name}' must name a {spec.of}, but '{ref}' is a {kinds_of.get(ref)}", doc.file, l2, c2, "", dotted(prefix + path)))
        if spec.type == "noun" and value not in spaces.names["noun"]:
            out.append(Diagnostic("E301", f"unknown noun '{value}' in {name}", doc.file, line, col, did_you_mean(value, spaces.names["noun"]), dotted(prefix + (name,))))
    for name, spec in kind.fields.items():
        if spec.required and name not in fields:
            line, col = doc.where(prefix)
            out.append(Diagnostic("E202", f"{card.kind} '{card.id}' lacks the required field '{name}'", doc.file, line, col, spec.description, dotted(prefix)))
    for name in card.reconstructed:
        if name not in fields and name not in ("text", "effects", "name"):
            line, col = at(("reconstructed",))
            out.append(Diagnostic("E205", f"'reconstructed' names '{name}', which this card does not set", doc.file, line, col, "", dotted(prefix + ("reconstructed",))))
    return out


def _cost_hint(spec: Any, value: Any) -> str:
    """`cost: 2 wood` (or `2 wood, 1 ore`) written as prose: the mapping it means."""
    import re

    if spec.type != "cost" or not isinstance(value, str):
        return ""
    parts = [re.fullmatch(r"\s*(\d+)\s+([a-z][a-z0-9_]*)\s*", p) for p in re.split(r",|\band\b", value)]
    if not parts or not all(parts):
        return ""
    return "write it as a mapping: {" + ", ".join(f"{m.group(2)}: {m.group(1)}" for m in parts if m) + "}"


def _field_problem(spec: Any, value: Any) -> str:
    if spec.type == "int":
        return "" if isinstance(value, int) and not isinstance(value, bool) else "should be a whole number"
    if spec.type == "text":
        return "" if isinstance(value, str) else "should be a text"
    if spec.type == "bool":
        return "" if isinstance(value, bool) else "should be true or false"
    if spec.type == "cost":
        if not isinstance(value, dict) or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()):
            return "should map resources to whole numbers, e.g. {wood: 2}"
        return ""
    if spec.type == "ref" or spec.type == "noun":
        return "" if isinstance(value, str) else "should be a name"
    if spec.type == "refs":
        return "" if isinstance(value, list) and all(isinstance(v, str) for v in value) else "should be a list of card ids"
    if spec.type == "ints":
        return "" if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value) else "should be a list of whole numbers"
    if spec.type == "choice":
        return "" if value in (spec.values or []) else f"should be one of: {', '.join(map(str, spec.values or []))}"
    return ""


def check_game_marks(game: Game, doc: Document) -> list[Diagnostic]:
    """game.yaml's `reconstructed:` names values of the same file by dotted path: each must exist."""
    out: list[Diagnostic] = []
    for path in game.reconstructed:
        node: Any = doc.data
        for part in path.split("."):
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                node = None
                break
        if node is None:
            line, col = doc.where(("reconstructed", path), key=True)
            out.append(Diagnostic("E205", f"'reconstructed' names '{path}', which this file does not set", doc.file, line, col,
                                  "a dotted path into game.yaml, such as params.tribute or tracks.culture.spaces", dotted(("reconstructed", path))))
    return out
