"""Shared argument types of the primitives: names, player sets, card selectors."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from .nodes import Amount

# The names of one game by namespace, while schema_game.py generates that game's JSON Schema.
SCHEMA_NAMES: ContextVar[dict[str, set[str]] | None] = ContextVar("SCHEMA_NAMES", default=None)


@dataclass(frozen=True)
class Ref:
    """Marks a name that must resolve in one of the game's namespaces (checked by resolve.py)."""

    namespace: str  # noun, resource, track, zone, card, kind, trigger, param, player, field

    def __get_pydantic_json_schema__(self, core_schema: Any, handler: Any) -> dict[str, Any]:
        """In a game's own schema, a name lists the names it may take (editors complete and check them)."""
        schema = handler(core_schema)
        names = SCHEMA_NAMES.get()
        if names is not None and self.namespace in names:
            schema = {**schema, "enum": sorted(names[self.namespace])}
        return schema


_NAME = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64, description="A lower_snake_case name")
Name = Annotated[str, _NAME]
Noun = Annotated[str, _NAME, Ref("noun")]
ResourceName = Annotated[str, _NAME, Ref("resource")]
TrackName = Annotated[str, _NAME, Ref("track")]
ZoneName = Annotated[str, _NAME, Ref("zone")]
CardId = Annotated[str, _NAME, Ref("card")]
KindName = Annotated[str, _NAME, Ref("kind")]
TriggerName = Annotated[str, _NAME, Ref("trigger")]
ParamName = Annotated[str, _NAME, Ref("param")]
PlayerName = Annotated[str, _NAME, Ref("player")]
FieldName = Annotated[str, _NAME, Ref("field")]

# Who: 'self' (the acting player), 'owner' (the card's owner), 'all', 'opponents', 'others', or a
# relation the game declares (e.g. 'left', 'right', 'neighbours'); a list joins several.
PlayerSet = PlayerName | list[PlayerName]

Scalar = str | int | bool


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class FieldTest(Strict):
    """A comparison in a selector's `where`: every test given holds for the field's value (for a
    list value, for one of its items; for a cost, for one of its nouns)."""

    at_least: Amount | None = Field(None, description="A whole number at least this")
    at_most: Amount | None = Field(None, description="A whole number at most this")
    one_of: list[Scalar] | None = Field(None, min_length=1, description="One of these values")
    contains: str | None = Field(None, min_length=1, max_length=64, description="A text holding this word (any case)")
    among: Selector | None = Field(
        None,
        description="The id of one of the cards this selector finds (a card's ref field naming a card "
        "one owns, e.g. {among: {zone: wonder}}); read when the search runs",
    )

    @model_validator(mode="after")
    def _some_test(self) -> FieldTest:
        if not self.model_fields_set:
            raise ValueError("a field test needs at_least, at_most, one_of, contains or among")
        return self

    def tests(self) -> dict[str, Any]:
        return {
            name: getattr(self, name)
            for name in ("at_least", "at_most", "one_of", "contains", "among")
            if getattr(self, name) is not None
        }


class Selector(Strict):
    """Which cards: filters on id, kind and fields, the zone they lie in and whose they are."""

    id: CardId | list[CardId] | None = Field(None, description="One card id or several")
    kind: KindName | list[KindName] | None = Field(None, description="Entity kinds from game.yaml")
    where: dict[FieldName, Scalar | list[Scalar] | FieldTest | Amount] | None = Field(
        None,
        description="Field filters: a value, a list of allowed values, a test ({at_least: 5}, {at_most: 2}, "
        "{one_of: [a, b]}, {contains: word}, {among: a selector}), or an amount",
    )
    zone: ZoneName | None = Field(None, description="The zone searched; default: the kind's zone")
    of: PlayerSet | None = Field(None, description="Whose zone; default 'self'. Ignored for shared zones")
    missing: bool = Field(False, description="Select cards of the game NOT in the zone (e.g. not yet built)")
    fewest: Amount | None = Field(
        None,
        description="Keep only the candidates where this amount is lowest (for a build: among the cards that can "
        "be built, so that one it may not build vetoes nothing)",
    )
    most: Amount | None = Field(
        None,
        description="Keep only the candidates where this amount is highest (for a build: among those it can build)",
    )


CardRef = CardId | Selector


def as_list(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]
