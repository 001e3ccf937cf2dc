"""The node every primitive's mapping validates into (`OneOf`: one key naming the primitive), and the
language's node types as a type checker sees them.

`Action`, `Expression` and `Condition` are built from the registry when model.py imports (each a
`OneOf` with a field per primitive of its family); the primitives' argument models quote them by
name, and model.py binds those names in their modules. Here they are declared for the type checker
alone, so that the modules quoting them need not import model.py, which imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, PrivateAttr, model_validator

from .registry import REGISTRY, Primitive


class OneOf(BaseModel):
    """A mapping with exactly one key, naming a primitive of one family."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=False, defer_build=True)
    family: ClassVar[str] = ""  # the family whose primitives it names (set by _one_of)
    _key: str = PrivateAttr("")
    _field: str = PrivateAttr("")  # the attribute holding the arguments (field_name(_key))

    @model_validator(mode="after")
    def _exactly_one(self):
        # the fields the mapping gave (every other is None, its default): one look, not the family's every field
        present = [name for name in self.model_fields_set if getattr(self, name) is not None]
        if len(present) != 1:
            raise ValueError(f"expected exactly one primitive, found {len(present)}")
        self._key = type(self).model_fields[present[0]].alias or present[0]
        self._field = present[0]
        return self

    # `key` and `arg` are read on every step the interpreter takes: they read the private values
    # straight from their slot, not through pydantic's __getattr__ (several times slower).
    @property
    def key(self) -> str:
        return self.__pydantic_private__["_key"]  # type: ignore[index]

    @property
    def arg(self) -> Any:
        return self.__dict__[self.__pydantic_private__["_field"]]  # type: ignore[index]

    @property
    def slot(self) -> str:
        """The attribute holding the arguments: the one field of the model that is not None (walks
        over the data visit it alone, not every primitive's field of the family)."""
        return self.__pydantic_private__["_field"]  # type: ignore[index]

    @property
    def primitive(self) -> type[Primitive]:
        """The registered class of the primitive this node names (what it declares about itself)."""
        return REGISTRY[self.family][self.key]


if TYPE_CHECKING:

    class Action(OneOf): ...

    class Expression(OneOf): ...

    class Condition(OneOf): ...

    Amount = int | Expression
