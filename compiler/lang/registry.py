"""The primitive registry: every verb, value, test and standing effect of the language.

A primitive is one module in its family's folder (`actions/`, `expressions/`, `conditions/`,
`passives/`) holding one class with everything about it: its arguments (a pydantic type), a summary
and an example for the docs and the schema, its English rendering and its interpretation; beside
the module, its code-generator template (`gain.py` and `gain.py.j2`). A passive generates no code:
it names the hook of the runtime it answers instead (`hooks.py`). `discover()` imports every module
of the family folders, so adding a primitive is adding its module and its template. The registry
checks each primitive as it is registered, so one missing any of these cannot be imported.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

from . import hooks

FAMILIES = ("action", "expression", "condition", "passive")
HERE = Path(__file__).resolve().parent


def folder(family: str) -> Path:
    """The folder of a family's primitives: compiler/lang/actions/ for actions, and so on."""
    return HERE / f"{family}s"


class Primitive:
    """Base of every primitive. Subclasses set the class attributes and the two methods."""

    family: ClassVar[str]
    name: ClassVar[str]
    args: ClassVar[Any]  # a pydantic-compatible type for the value under the primitive's key
    summary: ClassVar[str]
    example: ClassVar[Any]  # the whole one-key mapping, as a designer writes it
    hook: ClassVar[str]  # passives only: what the runtime asks of them (hooks.py)
    # expressions: the result stays within the runtime's bound on amounts when its parts do (a count,
    # a pick among amounts), so the generated code need not bound it again (core/limits.py)
    within_bounds: ClassVar[bool] = False

    @staticmethod
    def english(arg: Any, en: Any) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    @staticmethod
    def run(arg: Any, ctx: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    @staticmethod
    def reads_view(arg: Any) -> bool:
        """Whether this node itself reads the card in view or the event being handled (the nodes
        inside it answer for themselves). A flow's move tries the actions it begins with that read
        neither once for all its cards (runtime/program.py)."""
        return False

    @staticmethod
    def never_refused(arg: Any, sure: Any) -> bool:
        """Actions: whether running this node is never refused (raise Illegal), in any state, when
        every question it asks is answered with its first option, as a trial's first run answers
        (a `choose` offers only the options that can be carried out so, a `may` too); `sure(trigger)`
        says whether every effect a trigger sets off is such, `sure.actions(actions)` whether some
        actions are (runtime/sure.py). A move is not tried for the actions it ends with that are
        never refused: the first run that gets past those before them succeeds."""
        return False

    @staticmethod
    def guard(arg: Any, ctx: Any, sure: Any) -> bool | None:
        """Actions: for a node refused only by what it reads before it asks or changes anything,
        whether it gets past that on the context's state, when what it then does with the first
        answers is never refused (`sure.effects(card, trigger)` tells of a card's effects); None
        when trying must tell. A move that is this action alone is judged by it (runtime/menus.py)."""
        return None


REGISTRY: dict[str, dict[str, type[Primitive]]] = {family: {} for family in FAMILIES}
_MODULES: dict[str, str] = {}  # module -> the primitive it holds
_MISSING = object()


def discover() -> list[ModuleType]:
    """Import every module of every family folder (each registers its primitive), in name order."""
    modules = []
    for family in FAMILIES:
        package = f"{__package__}.{family}s"
        for info in sorted(pkgutil.iter_modules([str(folder(family))]), key=lambda i: i.name):
            modules.append(importlib.import_module(f"{package}.{info.name}"))
    return modules


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


def template_path(cls: type[Primitive]) -> Path:
    """Where a primitive's code-generator template lives: beside its module, `<module>.py.j2`."""
    module_file = getattr(sys.modules.get(cls.__module__), "__file__", None)
    if module_file is None:
        raise ValueError(f"primitive '{cls.name}' is not defined in a module file")
    return Path(module_file).resolve().with_suffix(".py.j2")


def _check(cls: type[Primitive]) -> None:
    for attribute in ("args", "summary", "example"):
        if not hasattr(cls, attribute):
            raise ValueError(f"primitive '{cls.name}' lacks '{attribute}'")
    if example_value(cls) is _MISSING:
        raise ValueError(f"primitive '{cls.name}': its example must use it (a mapping with the key '{cls.name}')")
    if cls.english is Primitive.english:
        raise ValueError(f"primitive '{cls.name}' has no English rendering")
    if cls.family == "passive":
        if getattr(cls, "hook", None) not in hooks.HOOKS:
            raise ValueError(
                f"passive '{cls.name}' declares no hook: set `hook` to one of {', '.join(sorted(hooks.HOOKS))} (compiler/lang/hooks.py)"
            )
        return
    if cls.run is Primitive.run:
        raise ValueError(f"primitive '{cls.name}' has no interpretation")
    template = template_path(cls)
    if not template.is_file():
        raise ValueError(
            f"{cls.family} primitive '{cls.name}' has no code-generator template: "
            f"add {template.name} beside {template.with_suffix('').name} ({template.parent})"
        )


def primitive(cls: type[Primitive]) -> type[Primitive]:
    """Class decorator: register a primitive under its family and name, once its parts are checked."""
    family = REGISTRY[cls.family]
    if cls.name in family:
        raise ValueError(f"{cls.family} primitive '{cls.name}' is defined twice")
    if cls.__module__ in _MODULES:
        raise ValueError(
            f"primitive '{cls.name}': module {cls.__module__} already holds '{_MODULES[cls.__module__]}' (one primitive per module)"
        )
    _check(cls)
    _MODULES[cls.__module__] = cls.name
    family[cls.name] = cls
    return cls
