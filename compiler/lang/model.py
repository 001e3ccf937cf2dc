"""The pydantic models of the language, assembled from the primitive registry.

An action, an expression and a condition are each a mapping with exactly one key, the primitive's
name; its value holds the primitive's arguments. Amount is a whole number or an expression.
"""

from __future__ import annotations

import keyword
from typing import TYPE_CHECKING, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, create_model, model_validator

from . import flow
from .nodes import OneOf
from .registry import REGISTRY, discover
from .types import PlayerSet, Selector, TriggerName

MODULES = discover()  # every primitive module of the family folders: they register themselves


def field_name(primitive_name: str) -> str:
    """The Python attribute for a primitive: keywords get a trailing underscore."""
    return (
        primitive_name + "_"
        if keyword.iskeyword(primitive_name) or primitive_name in ("any", "all", "min", "max")
        else primitive_name
    )


def _one_of(model_name: str, family: str, doc: str) -> type[OneOf]:
    fields: dict[str, Any] = {
        # Optional, not `| None`: args may be a forward reference, a string
        field_name(name): (Optional[cls.args], Field(None, alias=name, description=cls.summary))  # noqa: UP045
        for name, cls in sorted(REGISTRY[family].items())
    }
    model = create_model(model_name, __base__=OneOf, __doc__=doc, **fields)
    model.family = family
    return model


if TYPE_CHECKING:  # built from the registry at import; a type checker sees each as a OneOf of its own
    from .nodes import Action, Condition, Expression
else:
    Action = _one_of("Action", "action", "A verb: one key naming the primitive, its arguments as the value.")
    Expression = _one_of("Expression", "expression", "An amount computed from the state.")
    Condition = _one_of("Condition", "condition", "A test on the state.")
Amount = int | Expression

Limit = Literal["once_per_round", "once_per_age", "once_per_game"]


class EffectBase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=False, defer_build=True)
    _passive: str = PrivateAttr("")
    if TYPE_CHECKING:  # the fields _effect_model() adds (a passive's field is read through passive_arg)
        on: str | None
        by: str | list[str] | None
        if_: Condition | None
        limit: Limit | None
        do: list[Action] | None
        reconstructed: str | None
        label: str | None

    @model_validator(mode="after")
    def _shape(self):
        # A key written with no value is a mistake, as the schema says (it drops the defaults' null).
        empty = sorted(
            type(self).model_fields[name].alias or name for name in self.model_fields_set if getattr(self, name) is None
        )
        if empty:
            raise ValueError(f"'{empty[0]}' needs a value")
        passive = [cls_name for cls_name in REGISTRY["passive"] if getattr(self, field_name(cls_name)) is not None]
        triggered = self.on is not None
        if triggered and passive:
            raise ValueError("an effect is either triggered ('on' with 'do') or standing (one passive), not both")
        if triggered and self.do is None:
            raise ValueError("a triggered effect needs 'do'")
        if not triggered:
            if self.do is not None or self.if_ is not None or self.limit is not None or self.by is not None:
                raise ValueError("'do', 'if', 'limit' and 'by' need 'on'")
            if len(passive) != 1:
                raise ValueError("an effect needs 'on' and 'do', or exactly one standing effect")
            self._passive = passive[0]
        return self

    @property
    def passive(self) -> str:
        return self._passive

    @property
    def hook(self) -> str:
        """The runtime hook this standing effect answers (lang/hooks.py): its passive declares it."""
        return REGISTRY["passive"][self._passive].hook

    @property
    def passive_arg(self) -> Any:
        return getattr(self, field_name(self._passive))


def _effect_model() -> type[EffectBase]:
    fields: dict[str, Any] = {
        "on": (TriggerName | None, Field(None, description="The trigger point, declared in game.yaml")),
        "by": (
            PlayerSet | None,
            Field(
                None,
                description="Also when these players (read from the card's owner) set the trigger "
                "off, on any of their cards: `self` is that player, the event's details are theirs (on the "
                "build trigger: the card they build, not this one)",
            ),
        ),
        "if_": (Condition | None, Field(None, alias="if", description="Only when this test holds")),
        "limit": (Limit | None, Field(None, description="At most once per round, age or game")),
        "do": (list[Action] | None, Field(None, description="The actions, in order")),
        "reconstructed": (
            str | None,
            Field(
                None,
                min_length=1,
                max_length=1000,
                description="Why this effect is our reading: no public source states it",
            ),
        ),
        "label": (
            str | None,
            Field(
                None,
                min_length=1,
                max_length=60,
                description="What a score breakdown calls what this effect scores (e.g. military): "
                "the end of `ostraka play`, its replay and the balance report; by default a rule's "
                "points count under its trigger and a card's under its category (balance.score_by)",
            ),
        ),
    }
    for name, cls in sorted(REGISTRY["passive"].items()):
        fields[field_name(name)] = (Optional[cls.args], Field(None, alias=name, description=cls.summary))  # noqa: UP045
    doc = "One effect of a card: triggered ('on' + 'do') or standing (one passive primitive)."
    return create_model("Effect", __base__=EffectBase, __doc__=doc, **fields)


if TYPE_CHECKING:

    class Effect(EffectBase): ...

else:
    Effect = _effect_model()

_NAMESPACE = {
    "Action": Action,
    "Amount": Amount,
    "Condition": Condition,
    "Expression": Expression,
    "Selector": Selector,
}


def _bind() -> None:
    """Build the language's models: first the four every other one nests in, then those whose fields
    quote them (resolve.py and typecheck.py walk the data by the fields' resolved types).

    Their annotations quote these names (`"Action"`, `"Amount"`...), which their own modules cannot
    import (the models are built from them); pydantic looks a quoted name up in the module that wrote
    it, so the names are put there. In this order a model reuses the schemas of those it nests instead
    of building its own tree of them, which is most of the import's cost. The other models (their
    fields complete) build when first used (`defer_build`).
    """
    from . import types

    namespace = {**_NAMESPACE, "Step": flow.Step}
    modules = (types, flow, *MODULES)
    for module in modules:
        for name, value in namespace.items():
            module.__dict__.setdefault(name, value)
    for model in (Action, Expression, Condition, Effect):
        model.model_rebuild()
    for module in modules:
        for value in list(vars(module).values()):
            if (
                isinstance(value, type)
                and issubclass(value, BaseModel)
                and value.__module__ == module.__name__
                and not value.__pydantic_fields_complete__
            ):
                _resolve_fields(value)


def _resolve_fields(model: type[BaseModel]) -> None:
    """A model's fields with their quoted names resolved, its validator left to its first use (each of
    these is validated inside the four, never alone): pydantic's own step of model_rebuild, without
    the build (pydantic is pinned; tests/contracts/test_validate.py holds every field resolved)."""
    from pydantic._internal._config import ConfigWrapper
    from pydantic._internal._fields import rebuild_model_fields
    from pydantic._internal._namespace_utils import NsResolver

    fields, extra = rebuild_model_fields(
        model, config_wrapper=ConfigWrapper(model.model_config, check=False), ns_resolver=NsResolver(), typevars_map={}
    )
    model.__pydantic_fields__ = fields
    model.__pydantic_extra_info__ = extra


_bind()
