"""The compiler's own fingerprint: its source and the versions of what it runs on.

A cached result (cache.py) or a replayed report (replay.py) is valid only for the compiler that made
it; both key their entries on this digest. Files are read as bytes, nothing is imported.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from functools import cache
from pathlib import Path

from .. import LANGUAGE_VERSION, __version__

_SUFFIXES = (".py", ".j2", ".md", ".json")
_LIBRARIES = ("pydantic.version", "ruamel.yaml", "jsonschema", "yaml")


@cache
def code_fingerprint() -> str:
    h = hashlib.sha256("\0".join([__version__, LANGUAGE_VERSION, sys.version]).encode())
    package = Path(__file__).resolve().parent.parent
    for path in sorted(package.rglob("*")):
        if path.suffix in _SUFFIXES and "__pycache__" not in path.parts and path.is_file():
            h.update(str(path.relative_to(package)).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    for name in _LIBRARIES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        origin = spec.origin if spec is not None else None
        h.update((name + "\0").encode() + (Path(origin).read_bytes() if origin and os.path.isfile(origin) else b"-"))
    return h.hexdigest()
