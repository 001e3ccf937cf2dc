"""Seeds derived from named parts, and generators keyed by them: randomness that is a function of
what it is for (a game, a seat, a decision), never a position in a shared stream, so that two runs
that differ somewhere draw the same everywhere else (a sweep's paired games)."""

from __future__ import annotations

import hashlib
import random


def derive(*parts: object) -> int:
    """A 63-bit seed from the parts (stable across processes and Python versions: no hash())."""
    digest = hashlib.sha256(":".join(str(p) for p in ("ostraka", *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def keyed(*parts: object) -> random.Random:
    """A generator of its own for what the parts name."""
    return random.Random(derive(*parts))
