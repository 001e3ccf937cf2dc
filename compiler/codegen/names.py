"""What may reach generated code: checked identifiers, `repr()` literals and code we built.

Card data is untrusted text. The generator never pastes a string from the data into the code it
writes: a name becomes an identifier only after `ident()` checked it, any other value becomes a
literal through `lit()`, and the template environment refuses to print a plain `str` at all
(see `templates.finalize`), so a template that forgets to do one of these fails loudly.
"""

from __future__ import annotations

import keyword
import math
import re
from typing import Any

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_SAFE_COMMENT = re.compile(r"^[A-Za-z0-9_./ :-]*$")


class Code(str):
    """A fragment of Python source the generator produced itself (never raw card data)."""


class UnsafeValue(ValueError):
    """A value that cannot be written into generated code safely."""


def ident(name: str) -> Code:
    """`name` as an identifier, after checking it is one (ASCII, not a keyword)."""
    if not isinstance(name, str) or not _IDENT.match(name) or keyword.iskeyword(name) or keyword.issoftkeyword(name):
        raise UnsafeValue(f"not a safe identifier: {name!r}")
    return Code(name)


def _check_literal(value: Any, depth: int = 0) -> None:
    if depth > 50:
        raise UnsafeValue("literal nested too deeply")
    if value is None or isinstance(value, (bool, int, str)):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise UnsafeValue(f"not a finite number: {value!r}")
        return
    if isinstance(value, (list, tuple)):
        for item in value:
            _check_literal(item, depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            _check_literal(key, depth + 1)
            _check_literal(item, depth + 1)
        return
    raise UnsafeValue(f"cannot write a {type(value).__name__} as a literal")


def lit(value: Any) -> Code:
    """A Python literal for plain data (str, int, bool, None, and lists, tuples, dicts of them)."""
    _check_literal(value)
    if type(value) in (int, bool) or value is None:
        return Code(repr(value))
    if isinstance(value, str):
        return Code(repr(str(value)))
    if isinstance(value, bool):
        return Code(repr(bool(value)))
    if isinstance(value, int):
        return Code(repr(int(value)))
    if isinstance(value, float):
        return Code(repr(float(value)))
    if isinstance(value, tuple):
        inner = ", ".join(lit(v) for v in value)
        return Code(f"({inner},)" if len(value) == 1 else f"({inner})")
    if isinstance(value, list):
        return Code("[" + ", ".join(lit(v) for v in value) + "]")
    return Code("{" + ", ".join(f"{lit(k)}: {lit(v)}" for k, v in value.items()) + "}")


def comment_text(text: str) -> Code:
    """Text for a `#` comment: shown as is when plainly safe, else as an ASCII-escaped literal."""
    return Code(text if _SAFE_COMMENT.match(text) else ascii(text))


class Namer:
    """Fresh local names for the generated code, numbered in the order they are asked for. One is
    shared by the generator's collaborators, so a name is never given twice within a function."""

    def __init__(self) -> None:
        self.count = 0

    def fresh(self, prefix: str) -> Code:
        self.count += 1
        return ident(f"{prefix}{self.count}")
