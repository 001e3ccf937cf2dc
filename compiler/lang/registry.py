"""The primitive registry: every verb, value, test and standing effect of the language.

A primitive is one class holding everything about it: its arguments (a pydantic type), a summary
and an example for the docs and the schema, its English rendering and its interpretation. The
registry is checked when it is built, so a primitive missing any of these cannot ship.
"""

from __future__ import annotations

from typing import Any, ClassVar

FAMILIES = ("action", "expression", "condition", "passive")


class Primitive:
    """Base of every primitive. Subclasses set the class attributes and the two methods."""

    family: ClassVar[str]
    name: ClassVar[str]
    args: ClassVar[Any]  # a pydantic-compatible type for the value under the primitive's key
    summary: ClassVar[str]
    example: ClassVar[Any]  # the whole one-key mapping, as a designer writes it

    @staticmethod
    def english(arg: Any, en: Any) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    @staticmethod
    def run(arg: Any, ctx: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


REGISTRY: dict[str, dict[str, type[Primitive]]] = {family: {} for family in FAMILIES}
_MISSING = object()


def example_value(cls: type[Primitive]) -> Any:
    """The primitive's own value inside its example (which may show it within a larger effect)."""

    def find(node: Any) -> Any:
        if isinstance(node, dict):
            if cls.name in node:
                return node[cls.name]
            children = list(node.values())
        elif isinstance(node, list):
            children = node
        else:
            return _MISSING
        for child in children:
            found = find(child)
            if found is not _MISSING:
                return found
        return _MISSING

    return find(cls.example)


def primitive(cls: type[Primitive]) -> type[Primitive]:
    """Class decorator: register a primitive under its family and name."""
    family = REGISTRY[cls.family]
    if cls.name in family:
        raise ValueError(f"{cls.family} primitive '{cls.name}' is defined twice")
    for attribute in ("args", "summary", "example"):
        if not hasattr(cls, attribute):
            raise ValueError(f"primitive '{cls.name}' lacks '{attribute}'")
    if example_value(cls) is _MISSING:
        raise ValueError(f"primitive '{cls.name}': its example must use it (a mapping with the key '{cls.name}')")
    if cls.english is Primitive.english:
        raise ValueError(f"primitive '{cls.name}' has no English rendering")
    if cls.family != "passive" and cls.run is Primitive.run:
        raise ValueError(f"primitive '{cls.name}' has no interpretation")
    family[cls.name] = cls
    return cls
