"""What a value of a model field's type can hold, worked out once per type.

resolve.py and typecheck.py walk every card's models; most of what they would visit cannot hold
what they look for (an example's `given`/`when`/`expect` data, texts, numbers). They skip it by its
type: a value has the type its field declares (the models validate it), and what a field typed
`Any` holds is plain data from the file, never a model.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel

from ..lang.types import Ref

_UNIONS = (typing.Union, types.UnionType)


def namespace_of(metadata: Iterable[Any]) -> str | None:
    for item in metadata:
        if isinstance(item, Ref):
            return item.namespace
    return None


def unwrap(annotation: Any) -> tuple[Any, str | None]:
    """The type under Annotated[...] layers, and the namespace (Ref) the first of them names."""
    namespace = None
    while typing.get_origin(annotation) is typing.Annotated:
        namespace = namespace or namespace_of(annotation.__metadata__)
        annotation = typing.get_args(annotation)[0]
    return annotation, namespace


def _memo(compute: Callable[[Any, str | None], bool]) -> Callable[..., bool]:
    # keyed by identity: some annotations (Annotated with a FieldInfo) are not hashable; the
    # annotation is kept with its answer, so its id is never reused while the entry lives
    known: dict[tuple[int, str | None], tuple[Any, bool]] = {}

    def cached(annotation: Any, namespace: str | None = None) -> bool:
        hit = known.get((id(annotation), namespace))
        if hit is not None and hit[0] is annotation:
            return hit[1]
        answer = compute(annotation, namespace)
        known[(id(annotation), namespace)] = (annotation, answer)
        return answer

    return cached


@_memo
def may_name(annotation: Any, namespace: str | None = None) -> bool:
    """Whether a value of this type, under this namespace, can hold a name resolve.py checks: a
    string under a Ref, or a model (whose fields it walks)."""
    annotation, found = unwrap(annotation)
    if found or namespace:
        return True
    origin = typing.get_origin(annotation)
    if origin in _UNIONS:
        return any(may_name(option, None) for option in typing.get_args(annotation))
    if origin is list:
        return may_name(typing.get_args(annotation)[0], None)
    if origin is dict:
        key, value = typing.get_args(annotation)
        return may_name(key, None) or may_name(value, None)
    if origin is not None:
        return False  # a Literal, a tuple: the walk reads no name in them
    return _model_or_unknown(annotation)


@_memo
def may_hold_model(annotation: Any, _namespace: str | None = None) -> bool:
    """Whether a value of this type can hold a model, at any depth."""
    annotation, _found = unwrap(annotation)
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return False
    if origin is not None:
        return any(may_hold_model(arg, None) for arg in typing.get_args(annotation))
    return _model_or_unknown(annotation)


def _model_or_unknown(annotation: Any) -> bool:
    if annotation is Any:
        return False  # plain data from the file
    if isinstance(annotation, type):
        return issubclass(annotation, BaseModel)
    return True  # a forward reference or a type this walk does not know: it may
