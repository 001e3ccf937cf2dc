"""The runtime's context protocol (runtime/context.py) names every verb of the interpreter's Context
with the same parameters: the modules below the interpreter, and the generated handlers, are typed
against it, so a verb added to one and not the other would pass unchecked."""

from __future__ import annotations

import inspect

from compiler.runtime import context, interpreter


def _verbs(cls: type) -> dict[str, list[str]]:
    return {
        name: list(inspect.signature(member).parameters)
        for name, member in vars(cls).items()
        if callable(member) and (not name.startswith("_") or name == "_with")
    }


def test_the_protocol_names_every_verb_of_the_context_alike():
    ours, protocol = _verbs(interpreter.Context), _verbs(context.Context)
    assert set(ours) - {"__init__"} <= set(protocol), sorted(set(ours) - set(protocol))
    assert {name: ours[name] for name in protocol if name in ours} == {
        name: params for name, params in protocol.items() if name in ours
    }
