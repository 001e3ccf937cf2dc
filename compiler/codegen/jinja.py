"""The Jinja2 environment of the code generator, and where each primitive's template lives.

A primitive's template is `compiler/codegen/templates/primitives/<family>/<name>.py.j2`, beside the other
templates and named after the primitive it renders. An action's template renders statements, an
expression's or condition's template one Python expression, a passive's template a literal of its
arguments. Templates receive:

    arg   the primitive's arguments (the pydantic value under its key)
    c     the name of the context variable in scope (Code)
    g     the generator (compiler/codegen/generator.py): g.amount(), g.test(), g.block(), ...

The environment prints only `Code` (built by the generator, `lit()` or `ident()`), numbers and
booleans: a plain string from the data cannot reach the output by accident.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from .names import Code, UnsafeValue

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
PRIMITIVE_DIR = TEMPLATE_DIR / "primitives"

# Primitives that knowingly have no template yet (none today): the generated code would rebuild the
# node once at import and hand it to the interpreter (compiler/codegen/runtime.py: node, run_node).
# tests/test_handlers.py fails for a primitive missing from both the templates and this list; the
# fallback itself stays, so that a build never breaks on a new primitive.
FALLBACK: frozenset[tuple[str, str]] = frozenset()


def finalize(value: object) -> str:
    """Refuse to print anything but code, numbers and booleans."""
    if isinstance(value, Code):
        return str(value)
    if isinstance(value, bool) or (isinstance(value, int) and not isinstance(value, bool)):
        return repr(value)
    if value is None:
        return "None"
    raise UnsafeValue(
        f"a template printed a raw {type(value).__name__} ({str(value)[:40]!r}); "
        "use g.lit() for data, g.ident() for names, or a g.* helper for code"
    )


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        autoescape=False,  # the output is Python; safety comes from finalize, lit() and ident()
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        undefined=jinja2.StrictUndefined,
        finalize=finalize,
    )


def template_path(family: str, name: str) -> Path:
    return PRIMITIVE_DIR / family / f"{name}.py.j2"


def has_template(family: str, name: str) -> bool:
    return template_path(family, name).is_file()


def primitive_template(family: str, name: str) -> jinja2.Template | None:
    if not has_template(family, name):
        return None
    return environment().get_template(f"primitives/{family}/{name}.py.j2")
