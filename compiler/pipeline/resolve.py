"""Names to nouns: every name in a card or in game.yaml must exist in its namespace.

The argument types of the primitives say what each name is (types.Ref), so one walk over the
models checks every noun, card id, zone, kind, trigger, param, relation and field in the data.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from ..core.diagnostics import Diagnostic, did_you_mean
from ..decide.players import BUILTIN_PLAYERS
from ..lang.nodes import OneOf
from ..load.loader import DataPath, Document, dotted
from ..model.game import Card, Game
from .fieldtypes import may_name, namespace_of, unwrap

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
            "noun": set(game.counters)
            | set(game.resources)
            | set(game.tracks)
            | set(game.globals)
            | {"players", "any"},
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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _walk_extra(value: BaseModel, path: DataPath, visit) -> None:
    """A model's `extra` entries, typed by its `__pydantic_extra__` annotation when it has one."""
    extra = getattr(value, "__pydantic_extra__", None)
    if not extra:
        return
    hints = _extra_type(type(value))
    if hints is None:
        return
    key_type, value_type = typing.get_args(hints)
    for key, child in extra.items():
        _walk(key, key_type, path + (key,), visit)
        _walk(child, value_type, path + (key,), visit)


_EXTRA: dict[type, Any] = {}


def _extra_type(model: type[BaseModel]) -> Any:
    """The `__pydantic_extra__` annotation of a model class, evaluated once (None: it has none)."""
    if model not in _EXTRA:
        declared = model.__annotations__.get("__pydantic_extra__") is not None
        hints = typing.get_type_hints(model, include_extras=True) if declared else {}
        _EXTRA[model] = hints.get("__pydantic_extra__")
    return _EXTRA[model]


# Per model class, per field: (attribute, key in the data, type, namespace, whether it may hold a name)
_Field = tuple[str, str, Any, "str | None", bool]
_FIELDS: dict[type, dict[str, _Field]] = {}


def _fields_of(model: type[BaseModel]) -> dict[str, _Field]:
    fields = _FIELDS.get(model)
    if fields is None:
        fields = {}
        for name, info in model.model_fields.items():
            namespace = namespace_of(info.metadata)
            fields[name] = (name, info.alias or name, info.annotation, namespace, may_name(info.annotation, namespace))
        _FIELDS[model] = fields
    return fields


def _walk_model(value: BaseModel, path: DataPath, visit) -> None:
    fields = _fields_of(type(value))
    # a primitive node's one argument, not its family's every (None) field
    items = (fields[value.slot],) if isinstance(value, OneOf) else fields.values()
    for name, key, annotation, namespace, may in items:
        child = getattr(value, name)
        if child is not None and (may or isinstance(child, BaseModel)):
            _walk(child, annotation, path + (key,), visit, namespace)
    _walk_extra(value, path, visit)


def _walk_union(value: Any, annotation: Any, path: DataPath, visit, namespace: str | None) -> None:
    # A literal keyword ('any', 'all') wins over a name of the same spelling.
    options = sorted(typing.get_args(annotation), key=lambda o: typing.get_origin(unwrap(o)[0]) is not typing.Literal)
    for option in options:
        bare, _ns = unwrap(option)
        bare_origin = typing.get_origin(bare) or bare
        if bare_origin is typing.Literal:
            if value in typing.get_args(bare):
                return
            continue
        if (
            isinstance(bare_origin, type)
            and isinstance(value, bare_origin)
            and not (bare_origin is int and isinstance(value, bool))
        ):
            _walk(value, option, path, visit, namespace)
            return


def _walk(value: Any, annotation: Any, path: DataPath, visit, namespace: str | None = None) -> None:
    if value is None:
        return
    if isinstance(value, BaseModel):
        _walk_model(value, path, visit)
        return
    if not may_name(annotation, namespace):  # example data, texts, numbers: no name to check
        return
    annotation, found = unwrap(annotation)
    namespace = found or namespace
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        _walk_union(value, annotation, path, visit, namespace)
    elif origin is list and isinstance(value, list):
        (item,) = typing.get_args(annotation)
        for i, child in enumerate(value):
            _walk(child, item, path + (i,), visit, namespace)
    elif origin is dict and isinstance(value, dict):
        key_type, value_type = typing.get_args(annotation)
        for key, child in value.items():
            _walk(key, key_type, path + (key,), visit, None)
            _walk(child, value_type, path + (key,), visit, None)
    elif isinstance(value, str) and namespace:
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
        out.append(
            Diagnostic(
                code,
                f"unknown {what} '{name}'",
                doc.file,
                line,
                col,
                did_you_mean(name, known) or ("declare it in game.yaml" if code == "E301" else ""),
                dotted(prefix + path),
            )
        )

    _walk(model, type(model), (), visit)
    return out


class _CardCheck:
    """One card's kind-specific fields against the kind's declaration: each finding goes to `out`."""

    def __init__(
        self, card: Card, spaces: Namespaces, doc: Document, prefix: DataPath, kinds_of: dict[str, str]
    ) -> None:
        self.card, self.spaces, self.doc, self.prefix, self.kinds_of = card, spaces, doc, prefix, kinds_of
        self.out: list[Diagnostic] = []

    def add(self, code: str, message: str, path: DataPath, hint: str, key: bool = False) -> None:
        line, col = self.doc.where(self.prefix + path, key=key)
        self.out.append(Diagnostic(code, message, self.doc.file, line, col, hint, dotted(self.prefix + path)))

    def field(self, kind: Any, name: str, value: Any) -> None:
        spec = kind.fields.get(name)
        if spec is None:
            self.add(
                "E203",
                f"field '{name}' is not declared for kind '{self.card.kind}'",
                (name,),
                did_you_mean(name, kind.fields) or f"declared: {', '.join(sorted(kind.fields)) or 'none'}",
                key=True,
            )
            return
        problem = _field_problem(spec, value)
        if problem:
            self.add("E201", f"field '{name}' {problem}", (name,), _cost_hint(spec, value) or spec.description)
        elif spec.type == "cost":
            self.cost(name, value)
        elif spec.type in ("ref", "refs"):
            self.refs(name, spec, value)
        elif spec.type == "noun" and value not in self.spaces.names["noun"]:
            self.add(
                "E301", f"unknown noun '{value}' in {name}", (name,), did_you_mean(value, self.spaces.names["noun"])
            )

    def cost(self, name: str, value: dict[str, Any]) -> None:
        nouns = self.spaces.names["noun"]
        for noun in value:
            if noun not in nouns:
                self.add(
                    "E301",
                    f"unknown counter or resource '{noun}' in {name}",
                    (name, noun),
                    did_you_mean(noun, nouns),
                    key=True,
                )

    def refs(self, name: str, spec: Any, value: Any) -> None:
        cards = self.spaces.names["card"]
        for i, ref in enumerate(value if spec.type == "refs" else [value]):
            path: DataPath = (name, i) if spec.type == "refs" else (name,)
            if ref not in cards:
                self.add("E302", f"'{name}' refers to unknown card '{ref}'", path, did_you_mean(ref, cards))
            elif spec.of and self.kinds_of.get(ref) != spec.of:
                self.add("E302", f"'{name}' must name a {spec.of}, but '{ref}' is a {self.kinds_of.get(ref)}", path, "")

    def required(self, kind: Any) -> None:
        for name, spec in kind.fields.items():
            if spec.required and name not in self.card.fields:
                self.add(
                    "E202", f"{self.card.kind} '{self.card.id}' lacks the required field '{name}'", (), spec.description
                )

    def reconstructed(self) -> None:
        for name in self.card.reconstructed:
            if name not in self.card.fields and name not in ("text", "effects", "name"):
                self.add(
                    "E205", f"'reconstructed' names '{name}', which this card does not set", ("reconstructed",), ""
                )


def check_card_fields(
    card: Card, game: Game, spaces: Namespaces, doc: Document, prefix: DataPath, kinds_of: dict[str, str]
) -> list[Diagnostic]:
    """A card's kind-specific fields, checked against the kind's declaration in game.yaml."""
    kind = game.kinds.get(card.kind)
    if kind is None:
        return []
    check = _CardCheck(card, spaces, doc, prefix, kinds_of)
    for name, value in card.fields.items():
        check.field(kind, name, value)
    check.required(kind)
    check.reconstructed()
    return check.out


def _cost_hint(spec: Any, value: Any) -> str:
    """`cost: 2 wood` (or `2 wood, 1 ore`) written as prose: the mapping it means."""
    import re

    if spec.type != "cost" or not isinstance(value, str):
        return ""
    parts = [re.fullmatch(r"\s*(\d+)\s+([a-z][a-z0-9_]*)\s*", p) for p in re.split(r",|\band\b", value)]
    if not parts or not all(parts):
        return ""
    return "write it as a mapping: {" + ", ".join(f"{m.group(2)}: {m.group(1)}" for m in parts if m) + "}"


def _is_list_of(value: Any, test) -> bool:
    return isinstance(value, list) and all(test(v) for v in value)


def _is_cost(value: Any) -> bool:
    return isinstance(value, dict) and all(_is_int(v) and v >= 0 for v in value.values())


# What each declared field type accepts, and what the finding says when the value is not that.
_FIELD_TYPES: dict[str, tuple[Any, str]] = {
    "int": (_is_int, "should be a whole number"),
    "text": (lambda v: isinstance(v, str), "should be a text"),
    "bool": (lambda v: isinstance(v, bool), "should be true or false"),
    "cost": (_is_cost, "should map resources to whole numbers, e.g. {wood: 2}"),
    "ref": (lambda v: isinstance(v, str), "should be a name"),
    "noun": (lambda v: isinstance(v, str), "should be a name"),
    "refs": (lambda v: _is_list_of(v, lambda x: isinstance(x, str)), "should be a list of card ids"),
    "ints": (lambda v: _is_list_of(v, _is_int), "should be a list of whole numbers"),
}


def _field_problem(spec: Any, value: Any) -> str:
    if spec.type == "choice":
        return "" if value in (spec.values or []) else f"should be one of: {', '.join(map(str, spec.values or []))}"
    accepts, problem = _FIELD_TYPES.get(spec.type, (None, ""))
    return "" if accepts is None or accepts(value) else problem


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
            out.append(
                Diagnostic(
                    "E205",
                    f"'reconstructed' names '{path}', which this file does not set",
                    doc.file,
                    line,
                    col,
                    "a dotted path into game.yaml, such as params.tribute or tracks.culture.spaces",
                    dotted(("reconstructed", path)),
                )
            )
    return out
