"""The Jinja2 environment of the code generator, and where each primitive's template lives.

A primitive's template lies beside the primitive's own module (compiler/lang/actions/gain.py and
gain.py.j2; `registry.template_path`), so a primitive is one folder entry: the registry refuses one
without its template. An action's template renders statements, an
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

from ..lang.registry import HERE as LANG_DIR, REGISTRY, template_path
from .names import Code, UnsafeValue

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"


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
        # handlers.py.j2 from templates/, a primitive's template by its path under compiler/lang/
        loader=jinja2.FileSystemLoader([str(TEMPLATE_DIR), str(LANG_DIR)]),
        autoescape=False,  # the output is Python; safety comes from finalize, lit() and ident()
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        undefined=jinja2.StrictUndefined,
        finalize=finalize,
    )


def primitive_template(family: str, name: str) -> jinja2.Template:
    """The template of a registered primitive (it has one: the registry refused it otherwise)."""
    path = template_path(REGISTRY[family][name])
    return environment().get_template(path.relative_to(LANG_DIR).as_posix())
